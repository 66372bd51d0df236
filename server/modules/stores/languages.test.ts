import { expect, it } from 'vitest';
import type { SurfaceKind } from '../../../renderers/contract/index.ts';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';

const BANNER_TITLE = 'sections.banner.content.visitor.title';

describeEachDatabase('store languages and translated surfaces', (ctx) => {
  const signIn = async () => (await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, ctx.fixture.storeA.id)).headers;
  const updateSettings = async (headers: Record<string, string>, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/store/setting/update', headers, payload: payload as Record<string, unknown> });

  /** saves `translations` on the kind's draft and publishes it */
  const publishTranslated = async (headers: Record<string, string>, kind: SurfaceKind, translations: unknown) => {
    const current = (await ctx.app.inject({ method: 'GET', url: `/api/v1/onsite-display/${kind}`, headers })).json().data;
    const saved = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/onsite-display/${kind}/draft`,
      headers,
      payload: { base_version: current.draft_version, document: { ...current.document, translations } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/onsite-display/${kind}/publish`,
      headers,
      payload: { version: saved.json().data.version },
    });
    expect(published.statusCode, published.body).toBe(200);
  };

  it('keeps a default language and other languages as BCP 47 codes, refusing anything else with nothing saved', async () => {
    const headers = await signIn();
    const saved = await updateSettings(headers, { default_language: 'en', languages: ['fr', 'pt-br', 'en', 'fr'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.settings).toMatchObject({ default_language: 'en', languages: ['fr', 'pt-BR'] });

    const refused = await updateSettings(headers, { languages: ['fr', 'french'] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['languages.1']).toMatch(/"french" is not a language code.*BCP 47/);
    const badDefault = await updateSettings(headers, { default_language: '<script>' });
    expect(badDefault.statusCode).toBe(422);
    const details = (await ctx.app.inject({ method: 'GET', url: '/api/v1/user/details', headers })).json().data;
    expect(details.store.settings).toMatchObject({ default_language: 'en', languages: ['fr', 'pt-BR'] });
  });

  it('refuses a document whose translations name a language that is not BCP 47', async () => {
    const headers = await signIn();
    const current = (await ctx.app.inject({ method: 'GET', url: '/api/v1/onsite-display/widget', headers })).json().data;
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/onsite-display/widget/draft',
      headers,
      payload: { base_version: current.draft_version, document: { ...current.document, translations: { klingon: {} } } },
    });
    expect(saved.statusCode).toBe(422);
    expect(saved.body).toContain('BCP 47');
  });

  it('answers the landing page per language with hreflang alternates, falling back to the default text', async () => {
    const headers = await signIn();
    await updateSettings(headers, { default_language: 'en', languages: ['fr', 'de'] });
    await publishTranslated(headers, 'landing_page', { fr: { [BANNER_TITLE]: 'Rejoignez <b>nos</b> récompenses' } });
    const key = ctx.fixture.storeA.storeName;

    const french = await ctx.app.inject({ method: 'GET', url: `/landing/${key}/fr` });
    expect(french.statusCode).toBe(200);
    expect(french.headers['content-language']).toBe('fr');
    expect(french.body).toMatch(/^<!doctype html><html lang="fr">/);
    expect(french.body).toContain('Rejoignez &lt;b&gt;nos&lt;/b&gt; récompenses');
    for (const hreflang of ['x-default', 'en', 'fr', 'de']) expect(french.body).toContain(`hreflang="${hreflang}"`);
    expect(french.body).toMatch(new RegExp(`hreflang="fr" href="[^"]*/landing/${key}/fr"`));

    const english = await ctx.app.inject({ method: 'GET', url: `/landing/${key}` });
    expect(english.body).toContain('Join our rewards program');
    expect(english.body).not.toContain('Rejoignez');
    expect(english.headers.etag).not.toBe(french.headers.etag);

    // German has no translation yet: the default texts
    const german = await ctx.app.inject({ method: 'GET', url: `/landing/${key}/de` });
    expect(german.statusCode).toBe(200);
    expect(german.body).toContain('Join our rewards program');

    const regional = await ctx.app.inject({ method: 'GET', url: `/landing/${key}/fr-CA` });
    expect(regional.statusCode).toBe(301);
    expect(regional.headers.location).toBe(`/landing/${key}/fr`);

    const unknown = await ctx.app.inject({ method: 'GET', url: `/landing/${key}/ja` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Rewards page not available in this language');
    expect((await ctx.app.inject({ method: 'GET', url: `/landing/${key}/%3Cscript%3E` })).statusCode).toBe(404);
  });

  it("sends the embed only the shopper's language", async () => {
    const headers = await signIn();
    await updateSettings(headers, { default_language: 'en', languages: ['fr', 'de'] });
    await publishTranslated(headers, 'widget', { fr: { 'panels.header.visitor.title': 'Bienvenue' }, de: { 'panels.header.visitor.title': 'Willkommen' } });
    await publishTranslated(headers, 'launcher', { fr: { 'desktop.launcher_title': 'Récompenses' } });
    const bootstrap = async (lang?: string) => {
      const query = lang === undefined ? '' : `?locale=${encodeURIComponent(lang)}`;
      const response = await ctx.app.inject({ method: 'GET', url: `/storefront/v1/${ctx.fixture.storeA.storeName}/bootstrap${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };

    const french = await bootstrap('fr-FR');
    expect(french.documents.widget.panels.header.visitor.title).toBe('Bienvenue');
    expect(french.documents.launcher.desktop.launcher_title).toBe('Récompenses');
    expect(french.documents.widget.translations).toBeUndefined();
    expect(JSON.stringify(french)).not.toContain('Willkommen');
    expect((await bootstrap('de')).documents.widget.panels.header.visitor.title).toBe('Willkommen');

    // a language the store does not write in, or none: its default texts
    for (const other of [await bootstrap('ja'), await bootstrap()]) {
      expect(other.documents.widget.panels.header.visitor.title).not.toMatch(/Bienvenue|Willkommen/);
      expect(JSON.stringify(other.documents)).not.toMatch(/Bienvenue|Willkommen|Récompenses/);
    }
  });
});
