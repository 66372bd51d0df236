import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../tests/helpers/db.ts';
import { authHeaders, signInOnStore } from '../../tests/helpers/server.ts';
import { createApiSession } from '../auth/sessions.ts';
import type { Db } from '../db/connection.ts';
import { STORE_SCOPED_TABLES } from '../db/schema.ts';
import type { FixtureStore } from '../../tests/helpers/server-fixture.ts';

/** Every row that belongs to one store, serialised. */
async function storeRows(db: Db, storeId: number): Promise<string> {
  const parts = [
    JSON.stringify(await db.selectFrom('stores').selectAll().where('id', '=', storeId).execute()),
    JSON.stringify(await db.selectFrom('memberships').selectAll().where('store_id', '=', storeId).orderBy('user_id').execute()),
  ];
  for (const table of STORE_SCOPED_TABLES) {
    // ordered by the whole row: some tables (vip_settings, vip_members) have no id column
    const { rows } = await sql`select * from ${sql.table(table)} t where store_id = ${storeId} order by t::text`.execute(db);
    parts.push(JSON.stringify(rows, (_key, value: unknown) => (value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value)));
  }
  return parts.join('\n');
}

/** Ids and keys of the victim store, tried in every path parameter, query field and body field. */
function probes(victim: FixtureStore) {
  const ids = [victim.id, victim.channelId, victim.mediaId, victim.documentId, ...victim.customerIds];
  const bodies: unknown[] = [
    undefined,
    {},
    ...ids.map((id) => ({ id })),
    { store_id: victim.id },
    { access_token: victim.accessToken },
    { store_name: victim.storeName },
    { customer_id: victim.customerIds[0] },
    { ids: victim.customerIds },
    { search: 'alpha' },
    { search: '@alpha.test' },
  ];
  const queries = ['', ...ids.map((id) => `?id=${id}&customer_id=${id}&store_id=${id}`), `?search=alpha&store=${victim.storeName}`];
  return { ids, bodies, queries };
}

const fillParams = (url: string, value: string) => url.replace(/:(\w+)/g, () => encodeURIComponent(value));

describeEachDatabase("tenancy: another store's valid tokens never reach foreign data", (ctx) => {
  it('walks every registered authenticated route with store B tokens against store A data', async () => {
    const victim = ctx.fixture.storeA;
    const routes = ctx.app.registeredRoutes.filter((route) => route.auth === 'store');
    expect(routes.length).toBeGreaterThan(10);
    const before = await storeRows(ctx.db, victim.id);
    const { ids, bodies, queries } = probes(victim);
    const answered: string[] = [];
    const { login: bobLogin } = await signInOnStore(ctx.app, ctx.fixture.users.bob, ctx.fixture.password, ctx.fixture.storeB.id);
    const bobId = bobLogin.user.id;
    for (const route of routes) {
      // a fresh session per route: a route may end the session (logout) or switch its store
      const session = await createApiSession(ctx.db, bobId, ctx.fixture.storeB.id, ctx.clock.now(), ctx.config.sessionTtlMs);
      const headers = authHeaders({
        token: session.token,
        store_access_token: ctx.fixture.storeB.accessToken,
        user: { ...bobLogin.user, user_access_token: session.userAccessToken },
      });
      const withParams = route.url.includes(':');
      const paths = withParams ? [...ids.map(String), victim.storeName].map((value) => fillParams(route.url, value)) : [route.url];
      for (const path of paths) {
        const requests =
          route.method === 'GET' || route.method === 'DELETE'
            ? (withParams ? queries.slice(0, 2) : queries).map((query) => ({ url: path + query, payload: undefined }))
            : (withParams ? bodies.slice(0, 5) : bodies).map((payload) => ({ url: path, payload }));
        for (const request of requests) {
          const response = await ctx.app.inject({
            method: route.method as 'GET',
            url: request.url,
            headers,
            ...(request.payload === undefined ? {} : { payload: request.payload as object }),
          });
          const where = `${route.method} ${request.url} ${JSON.stringify(request.payload)} → ${response.statusCode}`;
          expect(response.statusCode, where).toBeLessThan(500);
          // B's tokens stay valid through the walk: every probe reached the route itself
          if (!route.url.endsWith('/logout')) expect(response.statusCode, where).not.toBe(401);
          for (const secret of victim.secrets) expect(response.body, `${where} leaked ${secret}`).not.toContain(secret);
          if (response.statusCode < 300) answered.push(`${route.method} ${route.url}`);
        }
      }
    }
    expect(await storeRows(ctx.db, victim.id)).toBe(before);
    // the walk reached handlers: the reading routes of the core answered with B's own data
    for (const route of [
      'GET /api/v1/user/details',
      'GET /api/v1/store/list',
      'GET /api/v1/store/channel/list',
      'POST /api/v1/account/search-list',
      'POST /api/v1/gallery/list',
    ]) {
      expect(answered, route).toContain(route);
    }
  }, 180_000);

  it('a member of both stores still sees only the current store', async () => {
    const { headers } = await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, ctx.fixture.storeC.id);
    const search = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/search-list', headers, payload: { search: 'fixture' } });
    const emails: string[] = search.json().data.customerUrls.map((entry: { email: string }) => entry.email);
    expect(emails.length).toBeGreaterThan(0);
    expect(emails.every((email) => email.endsWith('@gamma.test'))).toBe(true);
    const channels = await ctx.app.inject({ method: 'GET', url: '/api/v1/store/channel/list', headers });
    expect(channels.json().data.map((channel: { name: string }) => channel.name)).toEqual(['gamma web']);
  });
});
