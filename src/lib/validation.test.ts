import { describe, expect, it } from 'vitest';
import { isAtLeastOneMonthAhead, isEmpty, isValidEmail, isValidUrl, nextRewardDate } from './validation.ts';

describe('URL check (spec §5: optional http(s) scheme, optional www, a domain, optional path)', () => {
  it.each([
    ['example.com', true],
    ['www.example.com', true],
    ['http://example.com', true],
    ['https://www.example.com/rewards/page?x=1', true],
    ['https://shop.example.co.uk', true],
    ['ftp://example.com', false],
    ['example', false],
    ['https://', false],
    ['exa mple.com', false],
    ['', false],
  ])('%s → %s', (value, valid) => {
    expect(isValidUrl(value)).toBe(valid);
  });
});

describe('e-mail check (spec §5: a standard e-mail pattern)', () => {
  it.each([
    ['owner@demo.shop', true],
    ['first.last+tag@sub.example.com', true],
    ['no-at-sign.example.com', false],
    ['two@@example.com', false],
    ['user@domain', false],
    ['user name@example.com', false],
    ['', false],
  ])('%s → %s', (value, valid) => {
    expect(isValidEmail(value)).toBe(valid);
  });
});

describe('empty (spec §5: empty array, empty string, null or undefined)', () => {
  it.each([
    [[], true],
    ['', true],
    [null, true],
    [undefined, true],
    [[0], false],
    [' ', false],
    [0, false],
    [false, false],
    [{}, false],
  ])('%j → %s', (value, empty) => {
    expect(isEmpty(value)).toBe(empty);
  });
});

describe('birthday and anniversary: at least one month in advance, else next year (spec §5)', () => {
  const today = new Date(Date.UTC(2026, 10, 22)); // 22 Nov 2026
  it.each([
    [{ month: 12, day: 22 }, 2026, 'exactly one month ahead counts for this year'],
    [{ month: 12, day: 31 }, 2026, 'more than a month ahead'],
    [{ month: 12, day: 21 }, 2027, 'one day short of a month waits a year'],
    [{ month: 11, day: 30 }, 2027, 'next week waits a year'],
    [{ month: 3, day: 1 }, 2027, 'earlier in the year is next year'],
  ])('%j → reward in %i (%s)', (date, year, _why) => {
    expect(nextRewardDate(date, today).getUTCFullYear()).toBe(year);
    expect(isAtLeastOneMonthAhead(date, today)).toBe(year === 2026);
  });

  it('a month after 31 January is the end of February', () => {
    expect(isAtLeastOneMonthAhead({ month: 2, day: 28 }, new Date(Date.UTC(2026, 0, 31)))).toBe(true);
    expect(isAtLeastOneMonthAhead({ month: 2, day: 27 }, new Date(Date.UTC(2026, 0, 31)))).toBe(false);
  });
});
