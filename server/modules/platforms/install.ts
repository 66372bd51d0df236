/**
 * What an install from a platform does, whichever platform: the store (created with the spec's
 * default program, or found again for a reinstall: its program was kept), its owner (a user found
 * by e-mail or created, a member of the store), the connection with the new token sealed, and the
 * provider session that lands the merchant signed in on the console.
 */
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../auth/passwords.ts';
import { PROVIDER_COOKIE, providerCookieOptions } from '../../auth/login.ts';
import { createProviderSession } from '../../auth/sessions.ts';
import { newToken } from '../../auth/tokens.ts';
import type { Db } from '../../db/connection.ts';
import { json } from '../../db/normalize.ts';
import type { Role } from '../../db/schema.ts';
import type { Executor } from '../../domain/ledger/index.ts';
import { saveConnection, storeOfShop, type TokenGrant } from './connections.ts';
import { platformHook } from './hooks.ts';
import type { Platform } from './tables.ts';

export interface InstallRequest {
  platform: Platform;
  /** Shopify: the shop domain; BigCommerce: the store hash */
  shop: string;
  /** the store's name as the platform gives it (the shop's name, or the shop itself) */
  title: string;
  domain: string | null;
  /** what the platform says of the shop, for a new store: its currency (ISO 4217) and storefront address */
  currency?: string;
  website?: string | null;
  token: string;
  /** an expiring token's end and the refresh token that renews it (Shopify); none: the token does not expire */
  expiry?: TokenGrant['expiry'];
  scopes: string;
  /** the merchant who installed: the store's owner */
  owner: { email: string; name: string };
  now: Date;
  /** the platform's follow-up work (its jobs), enqueued in the install's transaction */
  afterInstall?: (trx: Db, storeId: number) => Promise<void>;
}

export interface Installed {
  storeId: number;
  userId: number;
  /** a new store (the merchant goes to onboarding) rather than a reinstall or a reconnect */
  created: boolean;
}

/** A store key (the embed's public `store_name`) from the shop's name: lower case, unique. */
async function freeStoreName(db: Executor, title: string): Promise<string> {
  const base =
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'store';
  for (let attempt = 0; ; attempt += 1) {
    const candidate = attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex')}`;
    const taken = await db.selectFrom('stores').select('id').where('store_name', '=', candidate).executeTakeFirst();
    if (!taken) return candidate;
  }
}

/** The id of the console user of this e-mail (case and surrounding spaces ignored), or null. */
export async function userIdOfEmail(db: Executor, email: string): Promise<number | null> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  return row?.id ?? null;
}

/** The user of this e-mail, created (with an unusable password: they sign in through the platform) when new. */
async function userOf(db: Executor, owner: InstallRequest['owner'], passwordHash: string): Promise<number> {
  const email = owner.email.trim().toLowerCase();
  const existing = await userIdOfEmail(db, email);
  if (existing !== null) return existing;
  const row = await db
    .insertInto('users')
    .values({ email, name: owner.name || email, password_hash: passwordHash })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

/** Makes the user a member of the store (an existing role is kept). */
export async function addMember(db: Executor, storeId: number, userId: number, role: Role): Promise<void> {
  await db
    .insertInto('memberships')
    .values({ user_id: userId, store_id: storeId, role })
    .onConflict((conflict) => conflict.columns(['user_id', 'store_id']).doNothing())
    .execute();
}

/**
 * Takes the store away from a user the platform removed: their membership ends (the owner's stays)
 * and so do their console sessions on the store. Answers whether a membership ended.
 */
export async function removeMember(db: Db, storeId: number, userId: number, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom('memberships')
      .where('store_id', '=', storeId)
      .where('user_id', '=', userId)
      .where('role', '!=', 'owner')
      .executeTakeFirst();
    await trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('store_id', '=', storeId)
      .where('revoked_at', 'is', null)
      .execute();
    return Number(result.numDeletedRows) > 0;
  });
}

/**
 * Creates or reconnects the store of an install, in one transaction: a shop seen before (also
 * after an uninstall) is the same store with its program; a new one gets the default program.
 */
export async function installStore(db: Db, keys: readonly Buffer[], request: InstallRequest): Promise<Installed> {
  // hashed outside the transaction: scrypt takes a moment, and PGlite has one connection
  const unusablePassword = await hashPassword(randomBytes(32).toString('base64url'));
  return db.transaction().execute(async (trx) => {
    const known = await storeOfShop(trx, request.platform, request.shop);
    let storeId = known?.storeId;
    if (storeId === undefined) {
      const row = await trx
        .insertInto('stores')
        .values({
          title: request.title,
          platform: request.platform,
          store_name: await freeStoreName(trx, request.title),
          domain: request.domain,
          website: request.website ?? null,
          settings: json(request.currency ? { currency: request.currency } : {}),
          hmac_secret: randomBytes(32).toString('hex'),
          access_token: newToken(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      storeId = row.id;
      // the default program (the rules module's, handed over by the server)
      await platformHook('storeCreated')(trx, storeId, request.now);
    }
    const userId = await userOf(trx, request.owner, unusablePassword);
    await addMember(trx, storeId, userId, 'owner');
    await saveConnection(trx, keys, {
      storeId,
      platform: request.platform,
      shop: request.shop,
      token: request.token,
      expiry: request.expiry,
      scopes: request.scopes,
      now: request.now,
    });
    await request.afterInstall?.(trx, storeId);
    return { storeId, userId, created: known === null };
  });
}

/**
 * Signs the merchant in as the console's own sign-in does: the provider's session is opened (its
 * cookie, set by the route; `partitioned` for a control panel that frames the console), and the
 * console's auth-check, where the merchant is sent, starts a sign-in bound to this browser that the
 * session answers at once.
 */
export async function providerSignIn(db: Db, userId: number, now: Date, ttlMs: number, partitioned = false) {
  const token = await createProviderSession(db, userId, now, ttlMs, partitioned);
  return {
    location: '/auth-check',
    cookie: { name: PROVIDER_COOKIE, value: token, options: { ...providerCookieOptions(partitioned), maxAge: Math.floor(ttlMs / 1000) } },
  };
}
