import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';
import type { ApiClientCreated, ApiClientPage } from './contract.ts';

describeEachDatabase('API clients (OAuth 2.0 client credentials)', (ctx) => {
  const consoleHeaders = async (store: 'A' | 'B') => {
    const storeB = store === 'B';
    const owner = storeB ? ctx.fixture.users.bob : ctx.fixture.users.alice;
    return (await signInOnStore(ctx.app, owner, ctx.fixture.password, storeB ? ctx.fixture.storeB.id : ctx.fixture.storeA.id)).headers;
  };
  const create = async (store: 'A' | 'B', body: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/oauth/clients', headers: await consoleHeaders(store), payload: body });
  const createClient = async (name: string, scopes: string[], store: 'A' | 'B' = 'A'): Promise<ApiClientCreated> => {
    const response = await create(store, { name, scopes });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  };
  const token = (payload: Record<string, string>, form = false) =>
    ctx.app.inject({
      method: 'POST',
      url: '/oauth/token',
      ...(form ? { payload: new URLSearchParams(payload).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } } : { payload }),
    });
  const tokenFor = async (client: ApiClientCreated, scope?: string) => {
    const response = await token({
      grant_type: 'client_credentials',
      client_id: client.client_id,
      client_secret: client.client_secret,
      ...(scope ? { scope } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { access_token: string; token_type: string; expires_in: number; scope: string };
  };
  const searchWith = (accessToken: string, text = 'a') =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/account/search-list', headers: { authorization: `Bearer ${accessToken}` }, payload: { search: text } });

  it('creates a client, exchanges its secret for a token, reads the API with it, and revocation refuses the next call', async () => {
    const client = await createClient('Warehouse sync', ['customers:read', 'rules:read']);
    expect(client.client_id).toMatch(/^lsc_/);
    expect(client.client_secret).toMatch(/^lss_/);
    // only digests are stored
    const stored = await ctx.db.selectFrom('api_clients').selectAll().where('id', '=', client.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(client.client_secret);

    const issued = await tokenFor(client);
    expect(issued).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'customers:read rules:read' });
    const tokens = await ctx.db.selectFrom('api_client_tokens').select('token_hash').where('client_id', '=', client.id).execute();
    expect(JSON.stringify(tokens)).not.toContain(issued.access_token);

    const found = await searchWith(issued.access_token, 'ann');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.customerUrls.length).toBeGreaterThan(0);
    const rules = await ctx.app.inject({ method: 'GET', url: '/api/v1/points/list', headers: { authorization: `Bearer ${issued.access_token}` } });
    expect(rules.statusCode, rules.body).toBe(200);

    // a scope the token lacks, and a route no client may call
    const history = await ctx.app.inject({
      method: 'POST',
      url: '/data/v1/transaction/points',
      headers: { authorization: `Bearer ${issued.access_token}` },
      payload: {},
    });
    expect(history.statusCode).toBe(403);
    expect(history.json().code).toBe('insufficient_scope');
    const write = await ctx.app.inject({
      method: 'POST',
      url: '/data/v1/customer/adjust/points',
      headers: { authorization: `Bearer ${issued.access_token}` },
      payload: { customer_id: ctx.fixture.storeA.customerIds[0], points: 10, reason: 'x' },
    });
    expect(write.statusCode).toBe(403);

    const revoked = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/oauth/clients/${client.id}`, headers: await consoleHeaders('A') });
    expect(revoked.statusCode).toBe(204);
    const refused = await searchWith(issued.access_token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('invalid_token');
    const again = await token({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret });
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe('invalid_client');
  });

  it('reads only its own store: the token sees store A, never store B', async () => {
    const client = await createClient('Reader', ['customers:read']);
    const { access_token: accessToken } = await tokenFor(client);
    // every store's fixture has an "ann.<store>@…" customer: only this client's store answers
    const found = await searchWith(accessToken, 'ann');
    const emails: string[] = found.json().data.customerUrls.map((c: { email: string }) => c.email);
    expect(emails.length).toBeGreaterThan(0);
    const storeBEmails = await ctx.db.selectFrom('customers').select('email').where('store_id', '=', ctx.fixture.storeB.id).execute();
    for (const { email } of storeBEmails) expect(emails).not.toContain(email);
  });

  it('refuses an expired token, a wrong secret, an unknown grant and a scope the client lacks', async () => {
    const client = await createClient('Short lived', ['customers:read']);
    const { access_token: accessToken } = await tokenFor(client);
    ctx.clock.advance(ctx.config.apiTokenTtlMs + 1000);
    const expired = await searchWith(accessToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toMatch(/expired/);

    const wrong = await token({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: `${client.client_secret}x` });
    expect(wrong.statusCode).toBe(401);
    const grant = await token({ grant_type: 'password', client_id: client.client_id, client_secret: client.client_secret });
    expect(grant.json().error).toBe('unsupported_grant_type');
    const scope = await token({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret, scope: 'points:read' });
    expect(scope.statusCode).toBe(400);
    expect(scope.json().error).toBe('invalid_scope');
  });

  it('takes a form body or HTTP Basic credentials, and a narrower scope', async () => {
    const client = await createClient('Form client', ['customers:read', 'points:read']);
    const form = await token(
      { grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret, scope: 'points:read' },
      true,
    );
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().scope).toBe('points:read');
    expect((await searchWith(form.json().access_token)).statusCode).toBe(403);
    const basic = await ctx.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}` },
      payload: { grant_type: 'client_credentials' },
    });
    expect(basic.statusCode, basic.body).toBe(200);
  });

  it('lists with search and pages, renames and narrows scopes (tokens lose them at once)', async () => {
    const headers = await consoleHeaders('A');
    for (const name of ['Paged one', 'Paged two', 'Paged three']) await createClient(name, ['customers:read', 'points:read']);
    const page = await ctx.app.inject({ method: 'GET', url: '/api/v1/oauth/clients?search=paged&page=2&per_page=2', headers });
    const body: ApiClientPage = page.json().data;
    expect(body.total).toBe(3);
    expect(body.data.map((row) => row.name)).toEqual(['Paged one']);
    expect(JSON.stringify(body)).not.toContain('lss_');

    const client = await createClient('Renamed later', ['customers:read', 'points:read']);
    const { access_token: accessToken } = await tokenFor(client);
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/oauth/clients/${client.id}`,
      headers,
      payload: { name: 'Renamed', scopes: ['points:read'] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ name: 'Renamed', scopes: ['points:read'] });
    expect((await searchWith(accessToken)).statusCode).toBe(403);
  });

  it("refuses bad input with 422 and treats another store's client as not found", async () => {
    for (const body of [{ name: '', scopes: ['customers:read'] }, { name: 'x', scopes: [] }, { name: 'x', scopes: ['orders:write'] }, { name: 'x' }]) {
      const response = await create('A', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    const emptyPatch = await ctx.app.inject({ method: 'PATCH', url: '/api/v1/oauth/clients/1', headers: await consoleHeaders('A'), payload: {} });
    expect(emptyPatch.statusCode).toBe(422);

    const theirs = await createClient('Store B client', ['customers:read'], 'B');
    const headersA = await consoleHeaders('A');
    const patch = await ctx.app.inject({ method: 'PATCH', url: `/api/v1/oauth/clients/${theirs.id}`, headers: headersA, payload: { name: 'Hijacked' } });
    expect(patch.statusCode).toBe(404);
    const remove = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/oauth/clients/${theirs.id}`, headers: headersA });
    expect(remove.statusCode).toBe(404);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/oauth/clients?search=Store%20B', headers: headersA });
    expect(list.json().data.total).toBe(0);
    expect((await tokenFor(theirs)).access_token).toMatch(/^lsat_/);
  });
});
