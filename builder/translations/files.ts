/**
 * Translation files for translators: a CSV (`key,<default>,<language>`) or an XLIFF 1.2 document,
 * one row or unit per text of a studio's surfaces, keyed `<kind>:<text key>`. Importing refuses,
 * with a message and nothing taken, a file with other columns, keys the surfaces do not have,
 * a cell a spreadsheet would run as a formula, or markup where a text belongs.
 */

export interface TranslationRow {
  /** `<kind>:<text key>` */
  id: string;
  /** the text in the default language */
  source: string;
  /** the text in the language, '' when not translated */
  target: string;
}

export interface FileLanguages {
  source: string;
  target: string;
}

export type ImportResult = { ok: true; values: Map<string, string> } | { ok: false; message: string };

const refuse = (message: string): ImportResult => ({ ok: false, message: `${message} Nothing was imported.` });

/** A cell a spreadsheet would run: one starting with =, +, -, @ (or a tab or carriage return before them). */
const FORMULA = /^[\t\r]*[=+\-@]/;

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function toCsv(rows: readonly TranslationRow[], languages: FileLanguages): string {
  const lines = [['key', languages.source, languages.target], ...rows.map((row) => [row.id, row.source, row.target])];
  return `${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** RFC 4180 records; null when a quote is left open. */
export function parseCsv(text: string): string[][] | null {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const char = input[i]!;
    if (quoted) {
      if (char === '"' && input[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[i + 1] === '\n') i++;
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else cell += char;
  }
  if (quoted) return null;
  if (cell !== '' || record.length > 0) records.push([...record, cell]);
  return records.filter((cells) => !(cells.length === 1 && cells[0] === ''));
}

function checkValues(pairs: [string, string][], known: ReadonlySet<string>, where: (index: number) => string): ImportResult {
  const values = new Map<string, string>();
  for (const [index, [id, target]] of pairs.entries()) {
    if (!known.has(id)) return refuse(`${where(index)}: unknown key "${id.slice(0, 80)}".`);
    if (values.has(id)) return refuse(`${where(index)}: the key "${id.slice(0, 80)}" is there twice.`);
    if (target.length > 1000) return refuse(`${where(index)}: keep texts to 1000 characters or fewer.`);
    values.set(id, target.trim());
  }
  return { ok: true, values };
}

export function fromCsv(text: string, known: ReadonlySet<string>, languages: FileLanguages): ImportResult {
  const records = parseCsv(text);
  if (!records || records.length === 0) return refuse('This is not a CSV file of translations.');
  const [header, ...rows] = records;
  const expected = ['key', languages.source, languages.target];
  if (header!.length !== 3 || header!.some((name, index) => name.trim() !== expected[index])) {
    return refuse(`The columns must be ${expected.join(', ')}; this file has ${header!.map((name) => name.slice(0, 30)).join(', ')}.`);
  }
  for (const [index, cells] of rows.entries()) {
    if (cells.length !== 3) return refuse(`Row ${index + 2} has ${cells.length} cells instead of 3.`);
    const formula = cells.findIndex((cell) => FORMULA.test(cell));
    if (formula >= 0) return refuse(`Row ${index + 2}, column ${expected[formula]}: a cell may not start with =, +, - or @ (a spreadsheet formula).`);
  }
  return checkValues(
    rows.map((cells) => [cells[0]!.trim(), cells[2]!]),
    known,
    (index) => `Row ${index + 2}`,
  );
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (value: string) => value.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);

export function toXliff(rows: readonly TranslationRow[], languages: FileLanguages, original: string): string {
  const units = rows.map(
    (row) =>
      `      <trans-unit id="${xml(row.id)}">\n        <source>${xml(row.source)}</source>\n        <target${row.target ? ' state="translated"' : ' state="new"'}>${xml(row.target)}</target>\n      </trans-unit>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">',
    `  <file original="${xml(original)}" source-language="${xml(languages.source)}" target-language="${xml(languages.target)}" datatype="plaintext">`,
    '    <body>',
    ...units,
    '    </body>',
    '  </file>',
    '</xliff>',
    '',
  ].join('\n');
}

export function fromXliff(text: string, known: ReadonlySet<string>, languages: FileLanguages): ImportResult {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return refuse('XLIFF files with a DOCTYPE are not accepted.');
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  const root = doc.documentElement;
  if (doc.getElementsByTagName('parsererror').length > 0 || root.localName !== 'xliff') return refuse('This is not an XLIFF file.');
  if (root.getAttribute('version') !== '1.2') return refuse('Only XLIFF version 1.2 is read.');
  const files = [...root.getElementsByTagName('file')];
  if (files.length === 0) return refuse('This XLIFF file has no <file>.');
  for (const file of files) {
    const source = file.getAttribute('source-language');
    const target = file.getAttribute('target-language');
    if (source !== languages.source || target !== languages.target) {
      return refuse(`This file translates ${source ?? '?'} into ${target ?? '?'}, not ${languages.source} into ${languages.target}.`);
    }
  }
  const pairs: [string, string][] = [];
  for (const unit of doc.getElementsByTagName('trans-unit')) {
    const id = unit.getAttribute('id') ?? '';
    const target = [...unit.children].find((child) => child.localName === 'target');
    if (target && target.children.length > 0) return refuse(`The text of "${id.slice(0, 80)}" holds markup; texts are plain text.`);
    pairs.push([id, target?.textContent ?? '']);
  }
  return checkValues(pairs, known, (index) => `Unit ${index + 1}`);
}
