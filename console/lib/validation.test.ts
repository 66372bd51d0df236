import { describe, expect, it } from 'vitest';
import { isEmpty, isValidEmail, isValidUrl } from './validation.ts';

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
