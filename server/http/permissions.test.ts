import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../tests/helpers/db.ts';
import { authHeaders } from '../../tests/helpers/server.ts';
import { createApiSession } from '../auth/sessions.ts';
import type { Role } from '../db/schema.ts';
import { PERMISSIONS, ROLE_PERMISSIONS, ROLES, can } from '../domain/schemas/permissions.ts';
import { buildApp } from './app.ts';
import type { TestContext } from '../../tests/helpers/db.ts';

/** Three headers of a fresh session of the user with this role on store A (admin: a member added here). */
async function sessionOf(ctx: TestContext, role: Role): Promise<Record<string, string>> {
  const email = { owner: ctx.fixture.users.alice, staff: ctx.fixture.users.sara, admin: 'adam@alpha.test' }[role];
  let user = await ctx.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  if (!user) {
    user = await ctx.db.insertInto('users').values({ email, name: 'Adam', password_hash: 'x', stage: 0 }).returningAll().executeTakeFirstOrThrow();
    await ctx.db.insertInto('memberships').values({ user_id: user.id, store_id: ctx.fixture.storeA.id, role: 'admin' }).execute();
  }
  const session = await createApiSession(ctx.db, user.id, ctx.fixture.storeA.id, ctx.clock.now(), ctx.config.sessionTtlMs);
  return authHeaders({
    token: session.token,
    store_access_token: ctx.fixture.storeA.accessToken,
    user: { id: user.id, name: user.name, email, role, stage: 0, status: 'active', store: null, user_access_token: session.userAccessToken },
  });
}

const fillParams = (url: string) => url.replace(/:kind/g, 'widget').replace(/:(\w+)/g, String(ctx0CustomerId));
let ctx0CustomerId = 0;

describeEachDatabase('staff roles: every route declares a permission and the server enforces it', (ctx) => {
  it('the permission table: owner everything, admin all but the webhook secret, staff read and support', () => {
    expect(ROLE_PERMISSIONS.owner).toEqual(PERMISSIONS);
    expect(PERMISSIONS.filter((permission) => !can('admin', permission))).toEqual(['store:secrets']);
    expect(PERMISSIONS.filter((permission) => can('staff', permission))).toEqual(['account:use', 'program:read', 'customers:read', 'customers:support']);
    expect(can(null, 'account:use')).toBe(false);
  });

  it('every authenticated route declares a permission, and every permission guards at least one route', () => {
    const routes = ctx.app.registeredRoutes.filter((route) => route.auth === 'store');
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) expect(route.permission, `${route.method} ${route.url}`).toBeDefined();
    const used = new Set(routes.map((route) => route.permission));
    for (const permission of PERMISSIONS) expect(used.has(permission), permission).toBe(true);
  });

  it('refuses to start with an authenticated route that declares no permission', async () => {
    const app = await buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, logLevel: 'silent' });
    await expect(
      app.register(async (scope) => {
        scope.get('/api/v1/undeclared', async () => ({}));
      }),
    ).rejects.toThrow(/GET \/api\/v1\/undeclared declares no config\.permission/);
    await app.close().catch(() => undefined);
  });

  it('walks every route with each role: 403 naming the missing permission, before anything is read or written', async () => {
    ctx0CustomerId = ctx.fixture.storeA.customerIds[0]!;
    const routes = ctx.app.registeredRoutes.filter((route) => route.auth === 'store' && route.permission);
    for (const role of ROLES) {
      let headers = await sessionOf(ctx, role);
      for (const route of routes) {
        // a call may end the session or move it to another store: the next one gets a fresh session
        if (/logout|store-token/.test(route.url)) headers = await sessionOf(ctx, role);
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url: fillParams(route.url),
          headers,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const where = `${role} ${route.method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, where).toBeLessThan(500);
        if (can(role, route.permission!)) {
          if (response.statusCode === 403) expect(response.json<{ code?: string }>().code, where).not.toBe('forbidden');
        } else {
          expect(response.statusCode, where).toBe(403);
          expect(response.json(), where).toEqual({
            message: `Your role (${role}) does not have the ${route.permission} permission.`,
            errors: {},
            code: 'forbidden',
          });
        }
        if (/logout|store-token/.test(route.url)) headers = await sessionOf(ctx, role);
      }
    }
  });

  it('a refused call writes nothing: staff cannot publish, delete customers or generate the webhook secret', async () => {
    const headers = await sessionOf(ctx, 'staff');
    const before = await ctx.db.selectFrom('stores').select('hmac_secret').where('id', '=', ctx.fixture.storeA.id).executeTakeFirstOrThrow();
    const secret = await ctx.app.inject({ method: 'POST', url: '/api/v1/store/setting/generate-hmac-secrets', headers, payload: {} });
    expect(secret.statusCode).toBe(403);
    const erase = await ctx.app.inject({ method: 'POST', url: '/data/v1/customer/delete', headers, payload: { ids: ctx.fixture.storeA.customerIds } });
    expect(erase.statusCode).toBe(403);
    const after = await ctx.db.selectFrom('stores').select('hmac_secret').where('id', '=', ctx.fixture.storeA.id).executeTakeFirstOrThrow();
    expect(after.hmac_secret).toBe(before.hmac_secret);
    const left = await ctx.db.selectFrom('customers').select('id').where('store_id', '=', ctx.fixture.storeA.id).where('deleted_at', 'is', null).execute();
    expect(left.length).toBeGreaterThanOrEqual(ctx.fixture.storeA.customerIds.length);
    // an admin may generate it no more than staff: the webhook secret stays the owner's
    const admin = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/store/setting/generate-hmac-secrets',
      headers: await sessionOf(ctx, 'admin'),
      payload: {},
    });
    expect(admin.statusCode).toBe(403);
    expect(admin.json<{ message: string }>().message).toContain('store:secrets');
  });

  it('the OpenAPI states the permission and the roles holding it on every console route', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { description?: string }>> }>();
    expect(spec.paths['/data/v1/customer/delete']?.post?.description).toContain('Permission: `customers:manage` (owner, admin).');
    expect(spec.paths['/data/v1/customer/adjust/points']?.post?.description).toContain('Permission: `customers:support` (owner, admin, staff).');
  });
});

describeEachDatabase('staff roles: the staff adjustment cap, configurable per store', (ctx) => {
  const adjust = async (role: Role, points: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/data/v1/customer/adjust/points',
      headers: await sessionOf(ctx, role),
      payload: { customer_id: ctx.fixture.storeA.customerIds[1], points, reason: 'goodwill' },
    });
  const entries = () => ctx.db.selectFrom('ledger_entries').select('id').where('customer_id', '=', ctx.fixture.storeA.customerIds[1]!).execute();

  it('staff adjust up to 1,000 points either way by default; beyond is 403 and nothing is written', async () => {
    expect((await adjust('staff', 1000)).statusCode).toBe(200);
    expect((await adjust('staff', -1000)).statusCode).toBe(200);
    const count = (await entries()).length;
    const over = await adjust('staff', 1001);
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ code: 'adjustment_cap', message: expect.stringContaining('at most 1,000 points') });
    expect((await adjust('staff', -1001)).statusCode).toBe(403);
    expect((await entries()).length).toBe(count);
  });

  it('setting the balance counts the difference against the cap', async () => {
    const headers = await sessionOf(ctx, 'staff');
    const set = (balance: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/data/v1/customer/points/update',
        headers,
        payload: { customer_id: ctx.fixture.storeA.customerIds[1], balance, reason: 'fix' },
      });
    expect((await set(5000)).statusCode).toBe(403);
    expect((await set(900)).statusCode).toBe(200);
  });

  it('owners and admins are not capped; the owner sets the store cap, staff cannot', async () => {
    expect((await adjust('owner', 50_000)).statusCode).toBe(200);
    expect((await adjust('admin', -40_000)).statusCode).toBe(200);
    const setCap = async (role: Role, cap: number) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/store/setting/update', headers: await sessionOf(ctx, role), payload: { staff_adjustment_cap: cap } });
    expect((await setCap('staff', 1_000_000)).statusCode).toBe(403);
    const set = await setCap('owner', 50);
    expect(set.statusCode).toBe(200);
    expect(set.json<{ data: { settings: Record<string, unknown> } }>().data.settings.staff_adjustment_cap).toBe(50);
    expect((await adjust('staff', 51)).statusCode).toBe(403);
    expect((await adjust('staff', 50)).statusCode).toBe(200);
    const invalid = await setCap('owner', -1);
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json<{ errors: Record<string, string> }>().errors).toHaveProperty('staff_adjustment_cap');
  });
});
