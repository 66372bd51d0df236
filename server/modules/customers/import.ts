import Papa from 'papaparse';
import { z } from 'zod';
import { POINTS_LIMITS } from '../../domain/ledger/index.ts';
import { IMPORT_FIELDS, TAG_SEPARATORS, type ImportField, type ImportProblem } from './contract/vocabulary.ts';
import type { ImportCustomer } from './tables.ts';

/** Which column of the file fills each field (a header of the file); unmapped fields stay empty. */
export type ColumnMapping = Partial<Record<ImportField, string>>;

/** Customers in one file at most. */
export const IMPORT_ROW_LIMIT = 200_000;
const TAG_LIMIT = 20;
const TAG_LENGTH = 40;
const NAME_LENGTH = 100;

/** Header spellings recognised without a mapping (compared lower-case, separators as `_`). */
const SYNONYMS: Record<ImportField, string[]> = {
  email: ['email', 'e_mail', 'email_address', 'customer_email'],
  first_name: ['first_name', 'firstname', 'first', 'given_name'],
  last_name: ['last_name', 'lastname', 'last', 'surname', 'family_name'],
  birthday: ['birthday', 'birth_date', 'birthdate', 'date_of_birth', 'dob'],
  points: ['points', 'balance', 'points_balance', 'opening_balance', 'loyalty_points'],
  tags: ['tags', 'tag', 'labels'],
};

const normalise = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** The mapping guessed from the headers (the console shows it as the mapping step's defaults). */
export function guessMapping(headers: string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const field of IMPORT_FIELDS) {
    const header = headers.find((candidate) => SYNONYMS[field].includes(normalise(candidate)));
    if (header !== undefined) mapping[field] = header;
  }
  return mapping;
}

export interface CheckedFile {
  headers: string[];
  mapping: ColumnMapping;
  /** data rows in the file */
  rows: number;
  customers: ImportCustomer[];
  problems: ImportProblem[];
  /** the problems are the whole file's (its header, encoding, size): no row can be imported, even skipping bad ones */
  wholeFile: boolean;
  /** rows with at least one problem: what skipping bad rows leaves out */
  badRows: number;
}

const emailCheck = z.email();
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function realDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) && date.getUTCFullYear() >= 1900;
}

/**
 * Reads a customer file and checks every row: the customers to write, and every problem with its
 * line, column and reason (text that is not UTF-8, missing columns, duplicated emails, bad dates,
 * negative or broken balances…). Nothing is written here: a file with problems is refused whole,
 * unless the merchant chooses to skip its bad rows (never when the problem is the whole file's).
 */
export function checkCustomerFile(text: string, requested: ColumnMapping | undefined, today: string): CheckedFile {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [headerRow = [], ...body] = parsed.data;
  const headers = headerRow.map((header) => header.trim());
  const mapping = requested ?? guessMapping(headers);
  const problems: ImportProblem[] = [];
  const customers: ImportCustomer[] = [];
  const problem = (line: number, column: string, reason: string) => problems.push({ line, column, reason });

  if (headers.some((header) => header.includes('\uFFFD'))) problem(1, '', 'The file is not UTF-8 text: save it as CSV UTF-8 and try again.');
  for (const field of IMPORT_FIELDS) {
    const header = mapping[field];
    if (header !== undefined && !headers.includes(header)) problem(1, header, `Missing column: "${header}" (mapped to ${field}) is not in the header.`);
  }
  if (mapping.email === undefined) problem(1, 'email', 'Missing column: choose the column holding the email address.');
  if (body.length > IMPORT_ROW_LIMIT)
    problem(IMPORT_ROW_LIMIT + 2, '', `Too many rows: at most ${IMPORT_ROW_LIMIT.toLocaleString('en-US')} customers per file.`);
  if (body.length === 0) problem(2, '', 'The file has no customers below its header.');
  if (problems.length > 0) return { headers, mapping, rows: body.length, customers, problems, wholeFile: true, badRows: 0 };

  const index = Object.fromEntries(IMPORT_FIELDS.map((field) => [field, mapping[field] === undefined ? -1 : headers.indexOf(mapping[field])])) as Record<
    ImportField,
    number
  >;
  const firstLine = new Map<string, number>();
  body.forEach((cells, at) => {
    const line = at + 2;
    const before = problems.length;
    const cell = (field: ImportField) => (index[field] < 0 ? '' : (cells[index[field]] ?? '').trim());
    const encodingColumn = cells.findIndex((value) => value.includes('\uFFFD'));
    if (encodingColumn >= 0) problem(line, headers[encodingColumn] ?? '', 'Not UTF-8 text: save the file as CSV UTF-8.');
    if (cells.length < headers.length) problem(line, headers[cells.length] ?? '', `Missing columns: ${cells.length} of ${headers.length} cells.`);
    else if (cells.length > headers.length) problem(line, '', `Too many cells: ${cells.length} for ${headers.length} columns.`);

    const email = cell('email').toLowerCase();
    const emailColumn = mapping.email ?? 'email';
    if (!email) problem(line, emailColumn, 'The email is missing.');
    else if (!emailCheck.safeParse(email).success) problem(line, emailColumn, `"${email.slice(0, 80)}" is not an email address.`);
    else if (firstLine.has(email)) problem(line, emailColumn, `Duplicated email: ${email} is already on line ${firstLine.get(email)}.`);
    else firstLine.set(email, line);

    const birthday = cell('birthday');
    if (birthday && !realDate(birthday)) problem(line, mapping.birthday!, `"${birthday.slice(0, 40)}" is not a date: use YYYY-MM-DD.`);
    else if (birthday && birthday > today) problem(line, mapping.birthday!, 'The birthday is in the future.');

    const pointsText = cell('points').replace(/[\s,_]/g, '');
    const points = pointsText === '' ? 0 : Number(pointsText);
    if (pointsText.startsWith('-') && Number.isFinite(points)) problem(line, mapping.points!, 'Negative balance: an opening balance is 0 or more.');
    else if (!Number.isSafeInteger(points)) problem(line, mapping.points!, `"${pointsText.slice(0, 40)}" is not a whole number of points.`);
    else if (points > POINTS_LIMITS.balance) problem(line, mapping.points!, `The balance is above the limit of ${POINTS_LIMITS.balance} points.`);

    const names = { first_name: cell('first_name'), last_name: cell('last_name') };
    for (const field of ['first_name', 'last_name'] as const) {
      if (names[field].length > NAME_LENGTH) problem(line, mapping[field]!, `Longer than ${NAME_LENGTH} characters.`);
    }
    const tags = [
      ...new Set(
        cell('tags')
          .split(TAG_SEPARATORS)
          .map((tag) => tag.trim())
          .filter(Boolean),
      ),
    ].sort();
    if (tags.length > TAG_LIMIT) problem(line, mapping.tags!, `More than ${TAG_LIMIT} tags.`);
    else if (tags.some((tag) => tag.length > TAG_LENGTH)) problem(line, mapping.tags!, `A tag is longer than ${TAG_LENGTH} characters.`);

    if (problems.length === before) customers.push({ line, email, ...names, birthday: birthday || null, points, tags });
  });
  return { headers, mapping, rows: body.length, customers, problems, wholeFile: false, badRows: new Set(problems.map((found) => found.line)).size };
}
