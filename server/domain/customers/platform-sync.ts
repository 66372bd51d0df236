/**
 * A shop's customer accounts kept in step with the store's customers: a customer the platform
 * created, changed or deleted is found by their platform id (else by e-mail), written with the
 * platform's names, e-mail and tags, and erased when the platform deletes them. A new account on
 * the platform is a sign-up: the sign-up rule's points, once per customer however often the
 * platform sends it.
 */
import { sql } from 'kysely';
import { json } from '../../db/normalize.ts';
import { customerEmail } from '../orders/customers.ts';
import type { Executor } from '../ledger/index.ts';
import { claimAction } from '../rules/actions.ts';
import { RedeemError } from '../rules/redeem.ts';
import { deleteCustomer } from './profile.ts';

export interface PlatformCustomer {
  externalId: string;
  email: string | null;
  firstName: string;
  lastName: string;
  /** the platform's tags: they replace the customer's (the platform is where the shop keeps them); null: a platform without tags leaves them */
  tags: string[] | null;
}

const TAG_LIMIT = 20;
const TAG_LENGTH = 40;
const NAME_LENGTH = 100;

const cleanTags = (tags: string[]) => [...new Set(tags.map((tag) => tag.trim().slice(0, TAG_LENGTH)).filter(Boolean))].sort().slice(0, TAG_LIMIT);

/** The store's customer of this platform id, or of this e-mail; not a deleted one. */
async function findSynced(db: Executor, storeId: number, externalId: string, email: string) {
  const query = db.selectFrom('customers').select(['id', 'email', 'external_id']).where('store_id', '=', storeId).where('deleted_at', 'is', null);
  return (await query.where('external_id', '=', externalId).orderBy('id').executeTakeFirst()) ?? (await query.where('email', '=', email).executeTakeFirst());
}

/**
 * Writes the platform's customer: updated when known (an e-mail another customer of the store
 * already has is left as it was), created otherwise. Answers the customer's id and whether it was created.
 */
export async function upsertPlatformCustomer(
  db: Executor,
  storeId: number,
  platform: string,
  customer: PlatformCustomer,
): Promise<{ customerId: number; created: boolean }> {
  const email = customerEmail(platform, { externalId: customer.externalId, email: customer.email ?? '', firstName: '', lastName: '' })!;
  const fields = {
    external_id: customer.externalId,
    first_name: customer.firstName.slice(0, NAME_LENGTH),
    last_name: customer.lastName.slice(0, NAME_LENGTH),
    ...(customer.tags ? { tags: json(cleanTags(customer.tags)) } : {}),
  };
  const known = await findSynced(db, storeId, customer.externalId, email);
  if (known) {
    const emailFree =
      known.email === email || !(await db.selectFrom('customers').select('id').where('store_id', '=', storeId).where('email', '=', email).executeTakeFirst());
    await db
      .updateTable('customers')
      .set({ ...fields, ...(emailFree ? { email } : {}) })
      .where('id', '=', known.id)
      .execute();
    return { customerId: known.id, created: false };
  }
  const inserted = await db
    .insertInto('customers')
    .values({ store_id: storeId, email, source: platform, ...fields })
    .onConflict((conflict) => conflict.columns(['store_id', 'email']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { customerId: inserted.id, created: true };
  // created meanwhile by an order of the same e-mail
  const row = await db.selectFrom('customers').select('id').where('store_id', '=', storeId).where('email', '=', email).executeTakeFirstOrThrow();
  await db.updateTable('customers').set(fields).where('id', '=', row.id).execute();
  return { customerId: row.id, created: false };
}

/**
 * Writes many of the platform's customers at once (a backfill): one statement, one array parameter
 * per column; a customer already known by e-mail takes the platform's id, names and tags (a deleted
 * one stays erased). Answers how many rows were written.
 */
export async function upsertPlatformCustomers(db: Executor, storeId: number, platform: string, customers: PlatformCustomer[]): Promise<number> {
  const byEmail = new Map<string, PlatformCustomer>();
  for (const customer of customers) {
    byEmail.set(customerEmail(platform, { externalId: customer.externalId, email: customer.email, firstName: '', lastName: '' })!, customer);
  }
  if (byEmail.size === 0) return 0;
  const rows = [...byEmail.entries()];
  const column = <T>(value: (entry: [string, PlatformCustomer]) => T) => rows.map(value);
  const result = await sql`
    insert into customers (store_id, email, external_id, first_name, last_name, tags, source)
    select ${storeId}, email, external_id, first_name, last_name, tags::jsonb, ${platform}
    from unnest(
      ${column(([email]) => email)}::text[], ${column(([, customer]) => customer.externalId)}::text[],
      ${column(([, customer]) => customer.firstName.slice(0, NAME_LENGTH))}::text[], ${column(([, customer]) => customer.lastName.slice(0, NAME_LENGTH))}::text[],
      ${column(([, customer]) => JSON.stringify(cleanTags(customer.tags ?? [])))}::text[]
    ) as incoming(email, external_id, first_name, last_name, tags)
    on conflict (store_id, email) do update
      set external_id = excluded.external_id, first_name = excluded.first_name, last_name = excluded.last_name, tags = excluded.tags
      where customers.deleted_at is null`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** The sign-up rule's points for a new account: nothing when the store has no sign-up rule or the customer had them. */
export async function creditSignup(db: Executor, storeId: number, customerId: number, now: Date): Promise<number> {
  try {
    const { entry, duplicate } = await claimAction(db, { storeId, customerId, type: 'signup', claimKey: 'signup' }, now);
    return duplicate ? 0 : entry.points + entry.pending_points;
  } catch (error) {
    if (error instanceof RedeemError && (error.code === 'not_found' || error.code === 'limit_reached')) return 0;
    throw error;
  }
}

/** A new account on the platform: the customer written, and the sign-up points once. */
export async function platformCustomerCreated(db: Executor, storeId: number, platform: string, customer: PlatformCustomer, now: Date) {
  const { customerId, created } = await upsertPlatformCustomer(db, storeId, platform, customer);
  return { customerId, created, signupPoints: await creditSignup(db, storeId, customerId, now) };
}

/** The platform deleted the account: the customer's personal data is erased (the ledger stays). Answers whether one was. */
export async function platformCustomerDeleted(db: Executor, storeId: number, externalId: string, now: Date): Promise<boolean> {
  const rows = await db
    .selectFrom('customers')
    .select('id')
    .where('store_id', '=', storeId)
    .where('external_id', '=', externalId)
    .where('deleted_at', 'is', null)
    .execute();
  for (const row of rows) await deleteCustomer(db, storeId, row.id, now);
  return rows.length > 0;
}
