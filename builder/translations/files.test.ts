// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fromCsv, fromXliff, toCsv, toXliff, type TranslationRow } from './files.ts';

const LANGUAGES = { source: 'en', target: 'fr' };
const ROWS: TranslationRow[] = [
  { id: 'landing_page:sections.banner.content.visitor.title', source: 'Join, "now"', target: 'Rejoignez <b>maintenant</b>' },
  { id: 'landing_page:sections.banner.content.visitor.paragraph', source: 'Line one\nline two', target: '' },
];
const KNOWN = new Set(ROWS.map((row) => row.id));

describe('translation files', () => {
  it('round-trips a CSV: quotes, commas, new lines and markup as text', () => {
    const result = fromCsv(toCsv(ROWS, LANGUAGES), KNOWN, LANGUAGES);
    expect(result).toEqual({
      ok: true,
      values: new Map([
        [ROWS[0]!.id, 'Rejoignez <b>maintenant</b>'],
        [ROWS[1]!.id, ''],
      ]),
    });
  });

  it('round-trips an XLIFF 1.2 file', () => {
    const file = toXliff(ROWS, LANGUAGES, 'landing-page');
    expect(file).toContain('<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">');
    expect(file).toContain('source-language="en" target-language="fr"');
    const result = fromXliff(file, KNOWN, LANGUAGES);
    expect(result).toEqual({
      ok: true,
      values: new Map([
        [ROWS[0]!.id, 'Rejoignez <b>maintenant</b>'],
        [ROWS[1]!.id, ''],
      ]),
    });
  });

  it('refuses a CSV with unknown keys, wrong columns or a formula cell, saying why', () => {
    const header = 'key,en,fr\r\n';
    const refusals: [string, RegExp][] = [
      [`${header}landing_page:nope,a,b\r\n`, /Row 2: unknown key "landing_page:nope"/],
      ['key,en,de\r\n', /columns must be key, en, fr/],
      ['key,en\r\n', /columns must be key, en, fr/],
      [`${header}${ROWS[0]!.id},a\r\n`, /Row 2 has 2 cells instead of 3/],
      [`${header}${ROWS[0]!.id},a,=HYPERLINK("http://x")\r\n`, /Row 2, column fr: .*formula/],
      [`${header}${ROWS[0]!.id},a,+1\r\n`, /formula/],
      [`${header}${ROWS[0]!.id},a,-1\r\n`, /formula/],
      [`${header}${ROWS[0]!.id},a,@SUM(A1)\r\n`, /formula/],
      [`${header}${ROWS[0]!.id},a,b\r\n${ROWS[0]!.id},a,c\r\n`, /there twice/],
      [`${header}"${ROWS[0]!.id},a,b\r\n`, /not a CSV/],
    ];
    for (const [file, message] of refusals) {
      const result = fromCsv(file, KNOWN, LANGUAGES);
      expect(result.ok, file).toBe(false);
      if (!result.ok) {
        expect(result.message).toMatch(message);
        expect(result.message).toMatch(/Nothing was imported\.$/);
      }
    }
  });

  it('refuses an XLIFF file of other languages, unknown ids, markup or entities', () => {
    const file = toXliff(ROWS, LANGUAGES, 'landing-page');
    expect(fromXliff(file, KNOWN, { source: 'en', target: 'de' })).toMatchObject({ ok: false, message: expect.stringMatching(/translates en into fr/) });
    expect(fromXliff(file.replace(ROWS[0]!.id, 'landing_page:nope'), KNOWN, LANGUAGES)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/unknown key/),
    });
    expect(fromXliff(file.replace('Rejoignez &lt;b&gt;maintenant&lt;/b&gt;', 'Rejoignez <g id="1">x</g>'), KNOWN, LANGUAGES)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/markup/),
    });
    expect(fromXliff('<!DOCTYPE x [<!ENTITY a "b">]><xliff version="1.2"/>', KNOWN, LANGUAGES).ok).toBe(false);
    expect(fromXliff('not xml', KNOWN, LANGUAGES)).toMatchObject({ ok: false, message: expect.stringMatching(/not an XLIFF file/) });
  });
});
