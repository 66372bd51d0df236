import { describe, expect, it } from 'vitest';
import { currencySymbol, inputToMinor, minorDigits, minorToInput } from './money-input.ts';

describe('money typed in the store’s currency, stored in minor units', () => {
  it('shows minor units with the locale’s decimal separator and the currency’s digits', () => {
    expect(minorToInput(500, 'USD', 'en-US')).toBe('5.00');
    expect(minorToInput(123456, 'EUR', 'fr-FR')).toBe('1234,56');
    expect(minorToInput(500, 'JPY', 'ja-JP')).toBe('500');
    expect(minorDigits('KWD')).toBe(3);
    expect(currencySymbol('USD', 'en-US')).toBe('$');
    expect(currencySymbol('EUR', 'fr-FR')).toBe('€');
  });

  it('reads what is typed back as minor units', () => {
    expect(inputToMinor('5', 'USD', 'en-US')).toBe(500);
    expect(inputToMinor('12.5', 'USD', 'en-US')).toBe(1250);
    expect(inputToMinor('$1,234.56', 'USD', 'en-US')).toBe(123456);
    expect(inputToMinor('1 234,56', 'EUR', 'fr-FR')).toBe(123456);
    expect(inputToMinor('12.50', 'EUR', 'fr-FR')).toBe(1250);
    expect(inputToMinor('1.234,5', 'EUR', 'de-DE')).toBe(123450);
    expect(inputToMinor('500', 'JPY', 'ja-JP')).toBe(500);
    expect(inputToMinor('0.10', 'USD', 'en-US')).toBe(10);
  });

  it('refuses what is not an amount of the currency', () => {
    for (const text of ['', 'abc', '-5', '1.234', '5.5.5']) expect(inputToMinor(text, 'USD', 'en-US'), text).toBeNull();
    expect(inputToMinor('5.5', 'JPY', 'ja-JP')).toBeNull();
  });
});
