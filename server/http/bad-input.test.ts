import * as fc from 'fast-check';
import { expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { describeEachDatabase, snapshotTables } from '../../tests/helpers/db.ts';
import { signIn } from '../../tests/helpers/server.ts';

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

  it('fuzz: random and malformed bodies to every mutating route — never a 5xx, never a changed row', async () => {
    const mutating = ctx.app.registeredRoutes.filter((route) => route.method !== 'GET');
    expect(mutating.length).toBeGreaterThan(8);
    const { headers } = await signIn(ctx.app, ctx.fixture.users.alice, ctx.fixture.password);
    const body = fc.oneof(
      fc.jsonValue().map((value) => ({ raw: JSON.stringify(value) ?? 'null', value: value as unknown })),
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
          fc.jsonValue(),
        )
        .map((value) => ({ raw: JSON.stringify(value), value: value as unknown })),
      fc.string({ maxLength: 60 }).map((raw) => ({ raw, value: undefined as unknown })),
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
        const acceptable = route.url.includes(':') || (isJson && (schema ? schema.safeParse(parsed).success : true));
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
  }, 120_000);
});
