import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signIn } from '../../../tests/helpers/server.ts';

describeEachDatabase('global search', (ctx) => {
  const search = async (text: string, base = '/api/v1') => {
    const { headers } = await signIn(ctx.app, ctx.fixture.users.alice, ctx.fixture.password);
    const response = await ctx.app.inject({ method: 'POST', url: `${base}/account/search-list`, headers, payload: { search: text } });
    expect(response.statusCode).toBe(200);
    return response.json().data as { customerUrls: Array<{ name: string; email: string; url: string }>; menus: Array<{ name: string; url: string }> };
  };

  it('matches customer names case-insensitively within the current store', async () => {
    const result = await search('ANNALPHA');
    expect(result.customerUrls).toEqual([
      { name: 'Annalpha Fixture', email: 'ann.alpha@alpha.test', url: `/customers/details?id=${ctx.fixture.storeA.customerIds[0]}` },
    ]);
  });

  it("matches the start of an email, full name or last name, and never returns another store's customers", async () => {
    expect((await search('ben.alpha@')).customerUrls.map((entry) => entry.email)).toEqual(['ben.alpha@alpha.test']);
    expect((await search('cleoalpha fix')).customerUrls.map((entry) => entry.email)).toEqual(['cleo.alpha@alpha.test']);
    expect((await search('FIXTURE')).customerUrls.map((entry) => entry.name)).toEqual(['Annalpha Fixture', 'Benalpha Fixture', 'Cleoalpha Fixture']);
    // a typeahead over prefix indexes: text in the middle of an email or a name does not match
    expect((await search('alpha')).customerUrls).toEqual([]);
    expect((await search('beta')).customerUrls).toEqual([]);
    expect((await search('fixture')).customerUrls.every((entry) => entry.email.endsWith('@alpha.test'))).toBe(true);
  });

  it('returns console pages whose name matches as menus', async () => {
    const result = await search('email');
    expect(result.menus.map((menu) => menu.name)).toEqual(['Emails']);
    expect(result.menus[0]).toEqual({ name: 'Emails', email: '', url: '/emails' });
    expect((await search('points')).menus.map((menu) => menu.url)).toContain('/rewards-loyalty/points');
  });

  it('treats LIKE wildcards as text and answers on the data host base too', async () => {
    expect((await search('%')).customerUrls).toEqual([]);
    expect((await search('_')).customerUrls).toEqual([]);
    expect((await search('cleo', '/data/v1')).customerUrls).toHaveLength(1);
  });
});
