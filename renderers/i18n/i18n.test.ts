import { describe, expect, it } from 'vitest';
import { makeContext } from '../context.ts';
import { formatMoney } from '../format/index.ts';
import {
  CATALOGS,
  catalogFor,
  formatDate,
  formatMessage,
  pluralCategory,
  pointsInWords,
  SHOPPER_LOCALES,
  shopperLocale,
  t,
  textDirection,
  type Catalog,
  type PluralMessage,
} from './index.ts';

const wording = (locale: string) => ({ locale, messages: catalogFor(locale) });
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const texts = (message: Catalog[keyof Catalog]) => (typeof message === 'string' ? [message] : Object.values(message));

describe('plural rules by Intl.PluralRules', () => {
  it.each([
    ['en', 0, '0 points'],
    ['en', 1, '1 point'],
    ['en', 2, '2 points'],
    ['en', 1250, '1,250 points'],
    ['fr', 0, '0 point'],
    ['fr', 1, '1 point'],
    ['fr', 2, '2 points'],
    ['fr', 1_000_000, '1\u202f000\u202f000 de points'],
    ['de', 1, '1 Punkt'],
    ['de', 1250, '1.250 Punkte'],
    ['es', 1, '1 punto'],
    ['es', 3, '3 puntos'],
    ['pt-BR', 1, '1 ponto'],
    ['pt-BR', 1250, '1.250 pontos'],
    ['ja', 1, '1 ポイント'],
    ['ja', 2, '2 ポイント'],
    ['he', 1, 'נקודה אחת'],
    ['he', 2, 'שתי נקודות'],
    ['he', 5, '5 נקודות'],
  ])('%s %d → %s', (locale, count, expected) => {
    expect(pointsInWords(wording(locale), count)).toBe(expected);
  });

  it('Arabic has six forms: zero, one, two, few (3–10), many (11–99), other (100…)', () => {
    // the digits are the runtime's for `ar` (Latin in recent CLDR, Arabic-Indic before)
    const n = (count: number) => new Intl.NumberFormat('ar').format(count);
    const cases: [number, string, string][] = [
      [0, 'zero', `${n(0)} نقطة`],
      [1, 'one', 'نقطة واحدة'],
      [2, 'two', 'نقطتان'],
      [3, 'few', `${n(3)} نقاط`],
      [10, 'few', `${n(10)} نقاط`],
      [11, 'many', `${n(11)} نقطة`],
      [99, 'many', `${n(99)} نقطة`],
      [100, 'other', `${n(100)} نقطة`],
      [102, 'other', `${n(102)} نقطة`],
    ];
    for (const [count, category, text] of cases) {
      expect(pluralCategory('ar', count)).toBe(category);
      expect(pointsInWords(wording('ar'), count)).toBe(text);
    }
    const forms = CATALOGS.ar['referral.friendsReferred'] as PluralMessage;
    expect(Object.keys(forms).sort()).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
    expect(new Set([0, 1, 2, 3, 11, 100].map((count) => t(wording('ar'), 'referral.friendsReferred', { count }))).size).toBe(6);
  });

  it('a language without a form falls back to `other`, and unknown placeholders stay as written', () => {
    expect(formatMessage('ar-EG', { other: '{count} x' }, { count: 1 })).toBe('١ x');
    expect(formatMessage('en', 'Hi {name}, {unknown}', { name: 'Ada' })).toBe('Hi Ada, {unknown}');
  });

  it('a malformed locale formats as English instead of throwing', () => {
    expect(formatMessage('not a locale!', { one: '{count} point', other: '{count} points' }, { count: 1250 })).toBe('1,250 points');
  });
});

describe('number, date and currency formats follow the locale', () => {
  it.each([
    ['en', '1,250'],
    ['de', '1.250'],
    ['fr', '1\u202f250'],
    ['pt-BR', '1.250'],
    ['ja', '1,250'],
    ['ar-EG', '١٬٢٥٠'],
  ])('%s writes 1250 as %s', (locale, expected) => {
    expect(t(wording(locale), 'points.pending', { amount: 1250 }).includes(expected)).toBe(true);
  });

  it.each([
    ['en', 'Mar 5, 2026'],
    ['fr', '5 mars 2026'],
    ['de', '05.03.2026'],
    ['ja', '2026/03/05'],
  ])('%s writes 2026-03-05 as %s', (locale, expected) => {
    expect(formatDate(locale, '2026-03-05')).toBe(expected);
  });

  it('text that is no date stays as it is', () => {
    expect(formatDate('fr', 'soon')).toBe('soon');
  });

  it.each([
    [1250, 'EUR', 'de', '12,50\u00a0€'],
    [1250, 'EUR', 'fr', '12,50\u00a0€'],
    [2000, 'USD', 'en', '$20'],
    [2000, 'JPY', 'ja', '￥2,000'],
    [2000, 'BRL', 'pt-BR', 'R$\u00a020'],
  ])('%d minor units of %s in %s → %s', (minor, currency, locale, expected) => {
    expect(formatMoney(minor, currency, locale)).toBe(expected);
  });
});

describe('catalogs', () => {
  const keys = Object.keys(CATALOGS.en).sort();

  it.each(SHOPPER_LOCALES.map((locale) => [locale]))('%s has every key, no other, and each text keeps the English placeholders', (locale) => {
    const catalog = CATALOGS[locale];
    expect(Object.keys(catalog).sort()).toEqual(keys);
    for (const key of keys as (keyof Catalog)[]) {
      const english = placeholders(texts(CATALOGS.en[key]).join(' ')).filter((name) => name !== 'count');
      for (const text of texts(catalog[key])) {
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
        for (const name of english) expect(placeholders(text), `${locale} ${key}`).toContain(name);
      }
    }
  });

  it.each(SHOPPER_LOCALES.map((locale) => [locale]))('%s plural messages have a form for every plural category of the language', (locale) => {
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    for (const [key, message] of Object.entries(CATALOGS[locale])) {
      if (typeof message === 'string') continue;
      expect(Object.keys(message).sort(), `${locale} ${key}`).toEqual([...categories].sort());
    }
  });

  it('a language is translated, not English again', () => {
    for (const locale of SHOPPER_LOCALES.filter((l) => l !== 'en')) expect(CATALOGS[locale]['reward.preparing']).not.toBe(CATALOGS.en['reward.preparing']);
  });

  it('the nearest language serves a tag without a catalog of its own', () => {
    expect(shopperLocale('fr-CA')).toBe('fr');
    expect(shopperLocale('pt')).toBe('pt-BR');
    expect(shopperLocale('pt-PT')).toBe('pt-BR');
    expect(shopperLocale('PT_br')).toBe('pt-BR');
    expect(shopperLocale('ar-EG')).toBe('ar');
    expect(shopperLocale('iw')).toBe('he');
    expect(shopperLocale('sv')).toBe('en');
    expect(shopperLocale('not a tag')).toBe('en');
    expect(shopperLocale(undefined)).toBe('en');
    expect(catalogFor('de-AT')).toBe(CATALOGS.de);
  });

  it('makeContext carries the wording of its locale', () => {
    expect(t(makeContext(), 'reward.copy')).toBe('Copy');
    expect(t(makeContext({ locale: 'es' }), 'reward.copy')).toBe('Copiar');
  });
});

describe('writing direction', () => {
  it.each([
    ['ar', 'rtl'],
    ['ar-EG', 'rtl'],
    ['he', 'rtl'],
    ['fa-IR', 'rtl'],
    ['ur', 'rtl'],
    ['en', 'ltr'],
    ['ja', 'ltr'],
    ['fr-CA', 'ltr'],
    ['arn', 'ltr'],
  ])('%s → %s', (locale, dir) => {
    expect(textDirection(locale)).toBe(dir);
  });
});
