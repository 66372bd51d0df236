import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';

describeEachDatabase('the demo store page in a language', (ctx) => {
  const page = (query: string) => ctx.app.inject({ method: 'GET', url: `/demo/storefront${query}` });

  it('writes the asked language in <html lang> (English by default), right to left for Arabic', async () => {
    expect((await page('')).body).toContain('<html lang="en">');
    expect((await page('?lang=fr')).body).toContain('<html lang="fr">');
    expect((await page('?lang=pt-br')).body).toContain('<html lang="pt-BR">');
    expect((await page('?lang=ar')).body).toContain('<html lang="ar" dir="rtl">');
  });

  it('refuses what is not a language code with a 422 naming the rule', async () => {
    const refused = await page(`?lang=${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/BCP 47/);
    expect(refused.body).not.toContain('<script>');
  });
});
