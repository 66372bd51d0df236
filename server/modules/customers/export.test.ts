import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './export.ts';

describe('CSV cells of the customer export', () => {
  it('quotes separators, quotes and line breaks (RFC 4180)', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', null, 12])).toBe('"a,b","say ""hi""","two\nlines",,12\r\n');
  });

  it('keeps formulas as text: a leading =, +, -, @, tab or carriage return gets an apostrophe', () => {
    for (const text of ['=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])
      expect(csvCell(text).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell(-5)).toBe('-5'); // numbers stay numbers
    expect(csvCell('plain')).toBe('plain');
  });
});
