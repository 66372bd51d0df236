/**
 * A store created by installing the app on a platform: the store, its owner and the default
 * program of spec §9 (1 point per $1 spent, 50 for signing up, $5 off for 500 points), so the
 * storefront widget works at once. A reinstall finds the same store (by its shop) and keeps it.
 */
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../auth/passwords.ts';
import { newToken } from '../../auth/tokens.ts';
import type { Db } from '../../db/connection.ts';
import { json } from '../../db/normalize.ts';
import { earningRuleBody } from '../../domain/schemas/earning-rules.ts';
import { redeemRuleBody } from '../../domain/schemas/redeem-rules.ts';
import { createEarningRule } from '../../domain/rules/earning.ts';
import { createRedeemRule } from '../../domain/rules/redeem.ts';
import { saveConnection, storeOfShop } from './connections.ts';
import type { Platform } from './tables.ts';

export interface InstalledShop {
  platform: Platform;
  /** the platform's id of the shop (Shopify: `<name>.myshopify.com`) */
  shop: string;
  title: string;
  /** the storefront's host, for order webhooks and the console */
  domain: string;
  website: string | null;
  currency: string;
  email: string;
  token: string;
  scopes: string;
}

export interface OpenedStore {
  storeId: number;
  created: boolean;
  /** the user to land signed in, or null: the merchant signs in themselves (see `ownerToSignIn`) */
  signInAs: number | null;
}

/** The default program of a store installed from a platform (spec §9). */
async function startProgram(db: Db, storeId: number, now: Date): Promise<void> {
  await createEarningRule(db, storeId, earningRuleBody.parse({ type: 'order', title: 'Place an order', points: 1 }), now);
  await createEarningRule(db, storeId, earningRuleBody.parse({ type: 'signup', title: 'Sign up', points: 50, limit_type: 'once' }), now);
  await createRedeemRule(db, storeId, redeemRuleBody.parse({ type: 'fixed_amount', title: '$5 off coupon', points_cost: 500, discount_value: 500 }), now);
}

/** A free store key from the shop's name: `my-shop`, else `my-shop-2`, … */
async function freeStoreName(db: Db, shop: string): Promise<string> {
  const base =
    shop
      .replace(/\.myshopify\.com$/, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'shop';
  for (let suffix = 1; ; suffix += 1) {
    const name = suffix === 1 ? base : `${base}-${suffix}`;
    const taken = await db.selectFrom('stores').select('id').where('store_name', '=', name).executeTakeFirst();
    if (!taken) return name;
  }
}

/**
 * The owner an install may sign in: the store's owner when this store is their only one. A user
 * with other stores (or an e-mail another account already has) signs in with their password: a
 * shop's staff must not reach another store through an install.
 */
async function ownerToSignIn(db: Db, storeId: number): Promise<number | null> {
  const owner = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('store_id', '=', storeId)
    .where('role', '=', 'owner')
    .orderBy('created_at')
    .executeTakeFirst();
  if (!owner) return null;
  const stores = await db.selectFrom('memberships').select(db.fn.countAll<string>().as('count')).where('user_id', '=', owner.user_id).executeTakeFirstOrThrow();
  return Number(stores.count) === 1 ? owner.user_id : null;
}

/** Creates the store of a first install, or restores the store of a reinstall; saves the new token. */
export async function openPlatformStore(db: Db, keys: readonly Buffer[], shop: InstalledShop, now: Date): Promise<OpenedStore> {
  const passwordHash = await hashPassword(randomBytes(32).toString('hex')); // no password until the merchant sets one
  return db.transaction().execute(async (trx) => {
    const connection = { platform: shop.platform, shop: shop.shop, token: shop.token, scopes: shop.scopes, now };
    const existing = await storeOfShop(trx, shop.platform, shop.shop);
    if (existing) {
      await saveConnection(trx, keys, { storeId: existing.storeId, ...connection });
      return { storeId: existing.storeId, created: false, signInAs: await ownerToSignIn(trx, existing.storeId) };
    }
    const store = await trx
      .insertInto('stores')
      .values({
        title: shop.title,
        platform: shop.platform,
        store_name: await freeStoreName(trx, shop.shop),
        domain: shop.domain.toLowerCase(),
        website: shop.website,
        settings: json({ currency: shop.currency }),
        hmac_secret: randomBytes(32).toString('hex'),
        access_token: newToken(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const email = shop.email.trim().toLowerCase();
    const known = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    const user =
      known ??
      (await trx.insertInto('users').values({ email, name: shop.title, password_hash: passwordHash, stage: 2 }).returning('id').executeTakeFirstOrThrow());
    await trx.insertInto('memberships').values({ user_id: user.id, store_id: store.id, role: 'owner' }).execute();
    await startProgram(trx, store.id, now);
    await saveConnection(trx, keys, { storeId: store.id, ...connection });
    return { storeId: store.id, created: true, signInAs: known ? null : user.id };
  });
}
