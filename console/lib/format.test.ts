import { describe, expect, it } from 'vitest';
import {
  countOf,
  formatCount,
  formatMinor,
  formatPoints,
  moneyFormatter,
  payloadSize,
  pointsOf,
  searchFires,
  showsActionListSearch,
  truncateName,
} from './format.ts';

describe('points display (spec §5: integer without decimals, otherwise two decimals)', () => {
  it.each([
    [0, '0'],
    [120, '120'],
    [-5, '-5'],
    [12.5, '12.50'],
    [0.333, '0.33'],
    [99.999, '100.00'],
    ['42', '42'],
    ['7.1', '7.10'],
    [Number.NaN, '0'],
    [103200, '103,200'],
    [224672.5, '224,672.50'],
    ['1250', '1,250'],
  ])('%s → %s', (value, shown) => {
    expect(formatPoints(value)).toBe(shown);
  });
});

describe('the console’s numbers and plurals (one helper: Intl.NumberFormat and Intl.PluralRules)', () => {
  it('groups digits in counts', () => {
    expect(formatCount(224672)).toBe('224,672');
    expect(formatCount(0)).toBe('0');
  });

  it.each([
    [0, 'row', undefined, '0 rows'],
    [1, 'row', undefined, '1 row'],
    [2, 'row', undefined, '2 rows'],
    [224672, 'row', undefined, '224,672 rows'],
    [1, 'friend referred', 'friends referred', '1 friend referred'],
    [3, 'friend referred', 'friends referred', '3 friends referred'],
    [1, 'person', 'people', '1 person'],
    [1.5, 'point', undefined, '1.50 points'],
  ])('%s %s → %s', (count, one, other, shown) => {
    expect(countOf(count, one, other)).toBe(shown);
  });

  it('points agree with their count', () => {
    expect(pointsOf(1)).toBe('1 point');
    expect(pointsOf(103200)).toBe('103,200 points');
  });

  it('money from minor units with the currency’s symbol and decimals', () => {
    expect(formatMinor(500, 'USD')).toBe('$5.00');
    expect(formatMinor(12345678, 'USD')).toBe('$123,456.78');
    expect(formatMinor(500, 'JPY')).toBe('¥500');
    expect(formatMinor(1500, 'EUR')).toBe('€15.00');
    expect(moneyFormatter('USD')(-250)).toBe('-$2.50');
  });
});

describe('names cut at 22 characters as 21 plus an ellipsis (spec §9)', () => {
  it.each([
    ['Demo Coffee Roasters', 'Demo Coffee Roasters'],
    ['1234567890123456789012', '1234567890123456789012'],
    ['12345678901234567890123', '123456789012345678901…'],
    ['A very long store name indeed', 'A very long store nam…'],
  ])('%s → %s', (name, shown) => {
    expect(truncateName(name)).toBe(shown);
    expect(Array.from(truncateName(name)).length).toBeLessThanOrEqual(22);
  });
});

describe('payload size in bytes, KB and MB (spec §5)', () => {
  it.each([
    ['', 0, '0 bytes'],
    ['abc', 3, '3 bytes'],
    ['x'.repeat(2048), 2048, '2.00 KB'],
    ['x'.repeat(3 * 1024 * 1024), 3 * 1024 * 1024, '3.00 MB'],
    ['é', 2, '2 bytes'],
  ])('%#: %i bytes → %s', (text, bytes, label) => {
    const size = payloadSize(text);
    expect(size.bytes).toBe(bytes);
    expect(size.kb).toBeCloseTo(bytes / 1024);
    expect(size.mb).toBeCloseTo(bytes / 1024 / 1024);
    expect(size.label).toBe(label);
  });

  it('objects are measured as JSON; a value that cannot be encoded is zero (spec §7)', () => {
    expect(payloadSize({ a: 1 }).bytes).toBe(7);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(payloadSize(cyclic).bytes).toBe(0);
    expect(payloadSize(10n).bytes).toBe(0);
  });
});

describe('action lists show a search field only from 8 items (spec §9)', () => {
  it.each([
    [0, false],
    [7, false],
    [8, true],
    [30, true],
  ])('%i items → %s', (count, shown) => {
    expect(showsActionListSearch(count)).toBe(shown);
  });
});

describe('global search fires only above 2 characters (spec §5)', () => {
  it.each([
    ['', false],
    ['al', false],
    ['  al  ', false],
    ['ali', true],
    ['a@b', true],
  ])('%j → %s', (text, fires) => {
    expect(searchFires(text)).toBe(fires);
  });
});
