import * as fc from 'fast-check';
import { expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { describeEachDatabase, snapshotTables } from '../../tests/helpers/db.ts';
import { signIn } from '../../tests/helpers/server.ts';
import { UNSTORABLE_TEXT_MESSAGE, unstorableTextAt } from './validation.ts';

/** Strings PostgreSQL's text refuses: a NUL, a lone high and a lone low surrogate. */
const UNSTORABLE = ['a\u0000b', 'a\ud800b', '\udfff'] as const;
/** In a URL: %00, and the bytes a lone surrogate would have in UTF-8 (never decoded into one: harmless, but never a 5xx). */
const NUL_IN_URL = 'a%00b';
const SURROGATE_BYTES_IN_URL = ['a%ED%A0%80b', '%ED%BF%BF'] as const;

/** The keys of a zod object schema (unwrapped from refinements and defaults), or none. */
function keysOf(schema: unknown): string[] {
  let current = schema as { shape?: Record<string, unknown>; def?: { innerType?: unknown; in?: unknown; schema?: unknown } } | undefined;
  for (let depth = 0; current && depth < 5 && !current.shape; depth++) {
    current = (current.def?.innerType ?? current.def?.in ?? current.def?.schema) as typeof current;
  }
  return Object.keys(current?.shape ?? {});
}

describeEachDatabase('bad input', (ctx) => {
  const post = async (url: string, payload: string, contentType = 'application/json') => {
    const { headers } = await signIn(ctx.app, ctx.fixture.users.alice, ctx.fixture.password);
    return ctx.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': contentType }, payload });
  };

  it('answers malformed JSON with 400 and a clear message', async () => {
    const response = await post('/api/v1/store/setting/update', '{"website": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.', errors: {}, code: 'malformed_json' });
  });

  it('answers an oversized body with 413', async () => {
    const response = await post('/api/v1/store/setting/update', JSON.stringify({ title: 'x'.repeat(ctx.config.bodyLimitBytes + 10) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'payload_too_large', message: 'The request body is larger than the 1024 KB limit.' });
  });

  it('refuses unknown fields, naming each one', async () => {
    const response = await post('/api/v1/store/channel/create', JSON.stringify({ name: 'Web', type: 'pos', owner: 1, extra: true }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'validation_failed', errors: { owner: 'Unknown field.', extra: 'Unknown field.' } });
  });

  it('refuses wrong types with field paths and an unsupported content type with 415', async () => {
    const wrong = await post('/api/v1/store/setting/update', JSON.stringify({ email_settings: { unlayer: 'on' } }));
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['email_settings.unlayer']);
    expect(wrong.json().message).toMatch(/^email_settings\.unlayer: /);
    expect((await post('/api/v1/store/channel/create', 'name=x', 'text/plain')).statusCode).toBe(415);
  });

  it('answers unknown API routes with a 404 error body', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found', errors: {} });
  });

  it('refuses a NUL or a lone surrogate with 422 naming the field, on a public storefront route too, and writes nothing', async () => {
    const { headers } = await signIn(ctx.app, ctx.fixture.users.alice, ctx.fixture.password);
    const settings = (payload: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/store/setting/update', headers: { ...headers, 'content-type': 'application/json' }, payload });
    const before = await snapshotTables(ctx.db);
    for (const code of UNSTORABLE) {
      const visit = await ctx.app.inject({
        method: 'POST',
        url: `/storefront/v1/${ctx.fixture.storeA.storeName}/referral/visit`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ code }),
      });
      expect(visit.statusCode, JSON.stringify(code)).toBe(422);
      expect(visit.json()).toEqual({ message: `code: ${UNSTORABLE_TEXT_MESSAGE}`, errors: { code: UNSTORABLE_TEXT_MESSAGE }, code: 'validation_failed' });
    }
    const nested = await settings(JSON.stringify({ email_settings: { from_name: 'a\u0000' } }));
    expect(nested.statusCode).toBe(422);
    expect(nested.json().errors).toEqual({ 'email_settings.from_name': UNSTORABLE_TEXT_MESSAGE });
    const key = await settings(JSON.stringify({ ['bad\ud800']: 1 }));
    expect(key.statusCode).toBe(422);
    expect(key.json().errors).toEqual({ 'bad\ud800': UNSTORABLE_TEXT_MESSAGE });
    expect(await snapshotTables(ctx.db)).toBe(before);
  });

  it('a sign-in cookie holding a NUL is no session (the sign-in form, not a 5xx)', async () => {
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/auth/login?code_challenge=${'c'.repeat(43)}`,
      headers: { cookie: `ls_provider_session=${NUL_IN_URL}` },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post" action="/auth/login">');
  });

  it('refuses them in GET filters and in the export request (422, not a dropped connection)', async () => {
    const { headers } = await signIn(ctx.app, ctx.fixture.users.alice, ctx.fixture.password);
    const list = await ctx.app.inject({ method: 'GET', url: `/data/v1/customer?search=${NUL_IN_URL}`, headers });
    expect(list.statusCode).toBe(422);
    expect(list.json()).toMatchObject({ code: 'validation_failed', errors: { search: UNSTORABLE_TEXT_MESSAGE } });
    for (const search of SURROGATE_BYTES_IN_URL) {
      expect((await ctx.app.inject({ method: 'GET', url: `/data/v1/customer?search=${search}`, headers })).statusCode, search).toBe(200);
    }
    for (const search of UNSTORABLE) {
      const exported = await ctx.app.inject({ method: 'POST', url: '/data/v1/customer/export', headers, payload: { search } });
      expect(exported.statusCode, JSON.stringify(search)).toBe(422);
      expect(exported.json()).toMatchObject({ code: 'validation_failed', errors: { search: UNSTORABLE_TEXT_MESSAGE } });
    }
  });

  it('every route: a NUL or lone surrogate in any param, declared query field or body field is never a 5xx, and a 422 where the contract reads it', async () => {
    const { headers } = await signIn(ctx.app, ctx.fixture.users.alice, ctx.fixture.password);
    const routes = ctx.app.registeredRoutes.filter((route) => route.method !== 'OPTIONS' && !route.url.startsWith('/api/docs'));
    for (const route of routes) {
      if (route.url.includes(':')) expect(route.paramsSchema, `${route.method} ${route.url} declares its params`).toBeDefined();
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      // a JSON answer refuses with 422 validation_failed; an HTML form page (sign-in) answers its page, never a 5xx
      // params are checked first, then the body, then the query: an earlier made-up part may be what the 422 names
      const expectRefused = (response: { statusCode: number; body: string; headers: Record<string, unknown> }, where: string, checkedFirst: boolean) => {
        expect(response.statusCode, `${where} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
        if (String(response.headers['content-type']).includes('json')) {
          expect(response.statusCode, `${where} → ${response.body.slice(0, 200)}`).toBe(422);
          if (checkedFirst) expect(response.body, where).toContain(UNSTORABLE_TEXT_MESSAGE);
        }
      };
      for (const bad of [NUL_IN_URL, ...SURROGATE_BYTES_IN_URL]) {
        const where = `${route.method} ${route.url} ${bad}`;
        if (route.url.includes(':')) {
          const url = route.url.replace(/:\w+/g, bad);
          const response = await ctx.app.inject({ method: route.method as 'GET', url, headers, ...(hasBody ? { payload: {} } : {}) });
          if (bad === NUL_IN_URL && route.paramsSchema) expectRefused(response, where, true);
          else expect(response.statusCode, `${where} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
        }
        const queryKeys = keysOf(route.querystringSchema);
        if (queryKeys.length > 0) {
          const url = `${route.url.replace(/:\w+/g, '1')}?${queryKeys.map((key) => `${key}=${bad}`).join('&')}`;
          const response = await ctx.app.inject({ method: route.method as 'GET', url, headers, ...(hasBody ? { payload: {} } : {}) });
          if (bad === NUL_IN_URL) expectRefused(response, where, !route.url.includes(':') && !(hasBody && route.bodySchema));
          else expect(response.statusCode, `${where} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
        }
      }
      const bodyKeys = keysOf(route.bodySchema);
      if (!hasBody || bodyKeys.length === 0) continue;
      for (const bad of UNSTORABLE) {
        const payload = JSON.stringify(Object.fromEntries(bodyKeys.map((key) => [key, bad])));
        const url = route.url.replace(/:\w+/g, '1');
        const response = await ctx.app.inject({ method: route.method as 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload });
        expectRefused(response, `${route.method} ${route.url} ${payload}`, !route.url.includes(':'));
      }
    }
  });

  it('fuzz: random and malformed bodies to every mutating route — never a 5xx, never a changed row', async () => {
    const mutating = ctx.app.registeredRoutes.filter((route) => route.method !== 'GET');
    expect(mutating.length).toBeGreaterThan(8);
    const { headers } = await signIn(ctx.app, ctx.fixture.users.alice, ctx.fixture.password);
    // strings mix NUL bytes and lone surrogates in with ordinary characters
    const stringUnit = fc.oneof(fc.constantFrom('\u0000', '\ud800', '\udfff'), fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }));
    const body = fc.oneof(
      fc.jsonValue({ stringUnit }).map((value) => ({ raw: JSON.stringify(value) ?? 'null', value: value as unknown })),
      fc
        .dictionary(
          fc.constantFrom(
            'id',
            'name',
            'type',
            'url',
            'title',
            'website',
            'email_settings',
            'search',
            'stage',
            'status',
            'code',
            'email',
            'password',
            'store_id',
            'access_token',
            'discount_type',
            'discount_value',
            'points_cost',
          ),
          fc.jsonValue({ stringUnit }),
        )
        .map((value) => ({ raw: JSON.stringify(value), value: value as unknown })),
      fc.string({ maxLength: 60, unit: stringUnit }).map((raw) => ({ raw, value: undefined as unknown })),
    );
    const param = fc.constantFrom('1', '0', '-1', '999999999', 'abc', '%20', String(ctx.fixture.storeA.documentId), 'x'.repeat(300));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...mutating), body, param, async (route, { raw, value }, paramValue) => {
        const url = route.url.replace(/:\w+/g, () => encodeURIComponent(paramValue));
        let parsed: unknown = value;
        let isJson = true;
        try {
          parsed = JSON.parse(raw);
        } catch {
          isJson = false;
        }
        const schema = route.bodySchema as ZodType | undefined;
        const acceptable = route.url.includes(':') || (isJson && (schema ? schema.safeParse(parsed).success && unstorableTextAt(parsed) === null : true));
        const before = acceptable ? '' : await snapshotTables(ctx.db);
        const response = await ctx.app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: raw,
        });
        expect(response.statusCode, `${route.method} ${url} ${raw}`).toBeLessThan(500);
        if (!acceptable) {
          expect(response.statusCode, `${route.url} ${raw}`).toBeGreaterThanOrEqual(400);
          expect(response.headers['content-type'], `${route.method} ${url}`).toMatch(/json|html/);
          expect(await snapshotTables(ctx.db), `${route.url} ${raw}`).toBe(before);
        }
      }),
      { numRuns: 200, seed: 4 },
    );
  });
});
