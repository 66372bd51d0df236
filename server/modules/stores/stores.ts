import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { json } from '../../db/normalize.ts';
import { singularLabel } from '../../../renderers/format/index.ts';
import { storeLanguages } from '../../../renderers/contract/languages.ts';
import type { Role, Store } from '../../db/schema.ts';
import { CAPPED_ROLES, DEFAULT_STAFF_ADJUSTMENT_CAP } from '../../domain/schemas/permissions.ts';
import { secretRotatedHook } from './hooks.ts';

/** The largest points adjustment this role may make in one go at this store: the store's cap for staff, none for owners and admins. */
export function adjustmentCap(store: Store, role: Role | null): number | undefined {
  if (role !== null && !CAPPED_ROLES.includes(role)) return undefined;
  const cap = (store.settings as Record<string, unknown>).staff_adjustment_cap;
  return typeof cap === 'number' ? cap : DEFAULT_STAFF_ADJUSTMENT_CAP;
}

/** The user's stores that have an access token (spec §5: only those are listed). */
export async function listUserStores(db: Db, userId: number) {
  return db
    .selectFrom('stores')
    .innerJoin('memberships', 'memberships.store_id', 'stores.id')
    .select(['stores.id', 'stores.title', 'stores.store_name', 'stores.access_token'])
    .where('memberships.user_id', '=', userId)
    .where('stores.access_token', 'is not', null)
    .orderBy('stores.id')
    .execute();
}

/** One of the user's stores, by id or by its access token; undefined when it isn't theirs. */
export async function findUserStore(db: Db, userId: number, which: { store_id: number } | { access_token: string }): Promise<Store | undefined> {
  let query = db
    .selectFrom('stores')
    .innerJoin('memberships', 'memberships.store_id', 'stores.id')
    .selectAll('stores')
    .where('memberships.user_id', '=', userId)
    .where('stores.access_token', 'is not', null);
  query = 'store_id' in which ? query.where('stores.id', '=', which.store_id) : query.where('stores.access_token', '=', which.access_token);
  return query.executeTakeFirst();
}

export interface StoreSettingsChange {
  title?: string | undefined;
  website?: string | undefined;
  emailSettings?: Record<string, unknown> | undefined;
  /** merged into `settings` (program name, points label, …) */
  settingsPatch: Record<string, unknown>;
}

/** A new plural label saved alone brings its singular along, so a singular of the old word never outlives it. */
function withSingular(patch: Record<string, unknown>): Record<string, unknown> {
  const plural = patch.points_label;
  if (typeof plural !== 'string' || patch.points_label_singular !== undefined) return patch;
  return { ...patch, points_label_singular: singularLabel(plural) };
}

/**
 * A change of the store's languages as stored: the other languages without the default nor
 * repeats (a new default that was one of the others leaves them).
 */
export function withLanguages(store: Store, patch: Record<string, unknown>): Record<string, unknown> {
  if (patch.default_language === undefined && patch.languages === undefined) return patch;
  const settings = store.settings as Record<string, unknown>;
  const languages = storeLanguages({
    default_language: patch.default_language ?? settings.default_language,
    languages: patch.languages ?? settings.languages,
  });
  return { ...patch, default_language: languages.default, languages: languages.others };
}

/** Updates the store's title, website and settings (merged, never replaced); answers the store as stored. */
export async function updateStoreSettings(db: Db, store: Store, change: StoreSettingsChange): Promise<Store> {
  const { title, website, emailSettings } = change;
  const settingsPatch = withLanguages(store, withSingular(change.settingsPatch));
  const hasPatch = Object.keys(settingsPatch).length > 0;
  if (title === undefined && website === undefined && emailSettings === undefined && !hasPatch) return store;
  return db
    .updateTable('stores')
    .set((eb) => {
      const merged = hasPatch ? sql<string>`${eb.ref('settings')} || ${json(settingsPatch)}::jsonb` : sql<string>`${eb.ref('settings')}`;
      const settings =
        emailSettings === undefined
          ? merged
          : sql<string>`jsonb_set(${merged}, '{email_settings}', coalesce(${eb.ref('settings')}->'email_settings', '{}'::jsonb) || ${json(emailSettings)}::jsonb)`;
      return {
        ...(title !== undefined ? { title } : {}),
        ...(website !== undefined ? { website: website || null } : {}),
        ...(emailSettings !== undefined || hasPatch ? { settings } : {}),
      };
    })
    .where('id', '=', store.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A new HMAC secret for the store (the old one stops working at once): its signed-in shoppers, its
 * outgoing webhooks, and the platform webhooks that carry it, which the registered hook queues to
 * be given the new one in the same transaction. `workQueued`: the hook queued a job.
 */
export async function rotateHmacSecret(db: Db, config: Config, storeId: number, now: Date): Promise<{ secret: string; workQueued: boolean }> {
  const secret = randomBytes(32).toString('hex');
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('stores').set({ hmac_secret: secret }).where('id', '=', storeId).execute();
    return { secret, workQueued: await secretRotatedHook()(trx, config, storeId, now) };
  });
}

/** A store by its public key (`store_name`) or its platform domain; keys are lower case. */
export async function findStoreBy(db: Db, column: 'store_name' | 'domain', value: string): Promise<Store | undefined> {
  return (await findStoresBy(db, column, [value]))[0];
}

/** The stores of several keys in one query (a webhook burst), in the order of `values`. */
export async function findStoresBy(db: Db, column: 'store_name' | 'domain', values: readonly string[]): Promise<(Store | undefined)[]> {
  const keys = values.map((value) => value.toLowerCase());
  const stores = await db
    .selectFrom('stores')
    .selectAll()
    .where(column, 'in', [...new Set(keys)])
    .execute();
  const byKey = new Map(stores.map((store) => [store[column]?.toLowerCase(), store]));
  return keys.map((key) => byKey.get(key));
}

/** The store's currency (settings.currency, USD by default): orders and analytics add up amounts in it. */
export async function storeCurrency(db: Db, storeId: number): Promise<string> {
  const store = await db.selectFrom('stores').select('settings').where('id', '=', storeId).executeTakeFirstOrThrow();
  return (store.settings as { currency?: string }).currency || 'USD';
}
