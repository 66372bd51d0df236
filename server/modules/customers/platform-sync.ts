/**
 * A shop's customer accounts kept in step with the store's customers: a customer the platform
 * created, changed or deleted is found by their platform id (else by e-mail), written with the
 * platform's names and e-mail, and erased when the platform deletes them. A new account on the
 * platform is a sign-up: the sign-up rule's points, once per customer however often the platform
 * sends it.
 *
 * Tags: the platform's tags replace the ones it sent before (kept in `platform_tags`); the tags the
 * store gave the customer itself (the console, an import, the API) stay. A tag both carry is the
 * platform's: it goes when the platform drops it. A platform tag the store removes here comes back
 * when the platform's tags change; the shop edits its own tags on the platform.
 */
import { sql, type RawBuilder } from 'kysely';
import { customersOf } from '../../db/customer-lookups.ts';
import { json } from '../../db/normalize.ts';
import { refreshPlannerStatistics } from '../../db/statistics.ts';
import { customerEmail } from '../orders/index.ts';
import type { Executor } from '../../domain/ledger/index.ts';
import type { PlatformCustomer } from '../platforms/index.ts';
import { claimAction, RedeemError } from '../rules/index.ts';
import { deleteCustomer } from './profile.ts';
import { TAG_SEPARATORS } from './contract/vocabulary.ts';
import { mergeTags } from './tags.ts';

export type { PlatformCustomer };

const TAG_LIMIT = 20;
const TAG_LENGTH = 40;
const NAME_LENGTH = 100;
/** Customers a bulk update writes per statement (six parameters each: well under PostgreSQL's 65,535). */
const UPDATE_ROWS = 2_000;

/**
 * A platform's tag as the store keeps it. The console refuses a tag holding ; , or | because a CSV
 * file's tags cell is split on them, so an export would bring such a tag back as several. A
 * platform allows them (Shopify only splits on commas), and its tag is not ours to refuse: the
 * parts between them are joined by '/' instead, so the tag stays one tag, reads much the same, and
 * comes out the same on every sync (the platform's earlier tags are compared as written).
 */
const platformTag = (tag: string) =>
  tag
    .split(TAG_SEPARATORS)
    .map((part) => part.trim())
    .filter(Boolean)
    .join('/')
    .slice(0, TAG_LENGTH)
    .trim();

const cleanTags = (tags: string[]) => [...new Set(tags.map(platformTag).filter(Boolean))].sort().slice(0, TAG_LIMIT);

/** The customer's tags (`tags`) with the platform's earlier ones (`previous`) replaced by `incoming` (jsonb). */
const withPlatformTags = (tags: RawBuilder<unknown>, previous: RawBuilder<unknown>, incoming: RawBuilder<unknown>) =>
  mergeTags(
    tags,
    incoming,
    sql`array(select jsonb_array_elements_text(coalesce(${previous}, '[]'::jsonb)) except select jsonb_array_elements_text(${incoming}))`,
  );

/** The platform's customer as written: the e-mail that identifies them, names cut to size, tags cleaned. */
function written(platform: string, customer: PlatformCustomer) {
  return {
    email: customerEmail(platform, { externalId: customer.externalId, email: customer.email ?? '', firstName: '', lastName: '' })!,
    externalId: customer.externalId,
    firstName: customer.firstName.slice(0, NAME_LENGTH),
    lastName: customer.lastName.slice(0, NAME_LENGTH),
    tags: customer.tags ? cleanTags(customer.tags) : null,
  };
}

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
  const incoming = written(platform, customer);
  const { email } = incoming;
  const platformTags = incoming.tags && json(incoming.tags);
  const fields = { external_id: incoming.externalId, first_name: incoming.firstName, last_name: incoming.lastName };
  const update = (customerId: number, withEmail: boolean) =>
    db
      .updateTable('customers')
      .set({
        ...fields,
        ...(withEmail ? { email } : {}),
        ...(platformTags
          ? { tags: withPlatformTags(sql.ref('tags'), sql.ref('platform_tags'), sql`${platformTags}::jsonb`), platform_tags: platformTags }
          : {}),
      })
      .where('id', '=', customerId)
      .execute();
  const known = await findSynced(db, storeId, incoming.externalId, email);
  if (known) {
    const emailFree =
      known.email === email || !(await db.selectFrom('customers').select('id').where('store_id', '=', storeId).where('email', '=', email).executeTakeFirst());
    await update(known.id, emailFree);
    return { customerId: known.id, created: false };
  }
  const inserted = await db
    .insertInto('customers')
    .values({ store_id: storeId, email, source: platform, ...fields, ...(platformTags ? { tags: platformTags, platform_tags: platformTags } : {}) })
    .onConflict((conflict) => conflict.columns(['store_id', 'email']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { customerId: inserted.id, created: true };
  // created meanwhile by an order of the same e-mail
  const row = await db.selectFrom('customers').select('id').where('store_id', '=', storeId).where('email', '=', email).executeTakeFirstOrThrow();
  await update(row.id, false);
  return { customerId: row.id, created: false };
}

interface KnownCustomer {
  id: number;
  email: string;
  external_id: string | null;
  first_name: string;
  last_name: string;
  platform_tags: string[] | null;
  deleted_at: Date | null;
}

const KNOWN_COLUMNS = ['id', 'email', 'external_id', 'first_name', 'last_name', 'platform_tags', 'deleted_at'] as const;

type Written = ReturnType<typeof written>;

/**
 * The known customers of the batch's platform ids and e-mails, read in two statements: each looks
 * every one up through its index (a lateral probe per id, whatever statistics the table has).
 */
async function knownCustomers(db: Executor, storeId: number, incoming: Written[]) {
  const columns = sql.join(KNOWN_COLUMNS.map((column) => sql.ref(`c.${column}`)));
  const byId = await sql<KnownCustomer>`
    select ${columns} from unnest(${incoming.map((customer) => customer.externalId)}::text[]) as wanted(external_id)
    cross join lateral (
      select * from customers c where c.store_id = ${storeId} and c.external_id = wanted.external_id and c.deleted_at is null order by c.id limit 1
    ) c`.execute(db);
  const byEmail = await customersOf<KnownCustomer>(
    storeId,
    'email',
    incoming.map((customer) => customer.email),
    KNOWN_COLUMNS,
  ).execute(db);
  return {
    ofExternalId: new Map(byId.rows.map((row) => [row.external_id!, row])),
    ofEmail: new Map(byEmail.rows.map((row) => [row.email, row])),
  };
}

const sameTags = (known: string[] | null, incoming: string[]) =>
  known !== null && known.length === incoming.length && known.every((tag, i) => tag === incoming[i]);

/**
 * Writes many of the platform's customers at once (a backfill's batch), as `upsertPlatformCustomer`
 * does one: the known ones (by platform id, else e-mail) read in one go and compared with what the
 * platform says, those that changed written by one UPDATE … FROM (VALUES …) per 2,000, the new
 * ones by one INSERT (a deleted customer stays erased). Answers how many were created, updated and
 * left as they were.
 */
export async function upsertPlatformCustomers(db: Executor, storeId: number, platform: string, customers: PlatformCustomer[]) {
  const byEmail = new Map<string, Written>();
  for (const customer of customers) {
    const incoming = written(platform, customer);
    byEmail.set(incoming.email, incoming);
  }
  const incoming = [...byEmail.values()];
  const counts = { created: 0, updated: 0, unchanged: 0 };
  if (incoming.length === 0) return counts;
  const { ofExternalId, ofEmail } = await knownCustomers(db, storeId, incoming);
  const claimed = new Set<number>();
  const changed: Array<Written & { id: number }> = [];
  const fresh: Written[] = [];
  for (const customer of incoming) {
    let known = ofExternalId.get(customer.externalId) ?? ofEmail.get(customer.email);
    if (known && (known.deleted_at !== null || claimed.has(known.id))) known = undefined;
    if (!known) {
      if (!ofEmail.has(customer.email)) fresh.push(customer);
      else if (ofEmail.get(customer.email)!.deleted_at === null) counts.unchanged += 1; // its e-mail's customer is written for another platform id of this batch
      continue;
    }
    claimed.add(known.id);
    // an e-mail another customer of the store has stays as it was
    const email = known.email === customer.email || ofEmail.has(customer.email) ? known.email : customer.email;
    const same =
      known.email === email &&
      known.external_id === customer.externalId &&
      known.first_name === customer.firstName &&
      known.last_name === customer.lastName &&
      (customer.tags === null || sameTags(known.platform_tags, customer.tags));
    if (same) counts.unchanged += 1;
    else changed.push({ ...customer, email, id: known.id });
  }
  // PGlite keeps no statistics by itself: an update joined to a table it takes for a tiny one is a nested loop over all of it
  if (changed.length > 0) await refreshPlannerStatistics(db, ['customers']);
  for (let start = 0; start < changed.length; start += UPDATE_ROWS) {
    const rows = changed
      .slice(start, start + UPDATE_ROWS)
      .map(
        (row) =>
          sql`(${row.id}::bigint, ${row.email}::text, ${row.externalId}::text, ${row.firstName}::text, ${row.lastName}::text, ${row.tags && JSON.stringify(row.tags)}::jsonb)`,
      );
    const result = await sql`
      update customers c set email = v.email, external_id = v.external_id, first_name = v.first_name, last_name = v.last_name,
        tags = case when v.platform_tags is null then c.tags else ${withPlatformTags(sql.ref('c.tags'), sql.ref('c.platform_tags'), sql.ref('v.platform_tags'))} end,
        platform_tags = coalesce(v.platform_tags, c.platform_tags)
      from (values ${sql.join(rows)}) as v(id, email, external_id, first_name, last_name, platform_tags)
      where c.id = v.id and c.store_id = ${storeId} and c.deleted_at is null`.execute(db);
    counts.updated += Number(result.numAffectedRows ?? 0);
  }
  if (fresh.length > 0) {
    const column = <T>(value: (customer: Written) => T) => fresh.map(value);
    const result = await sql`
      insert into customers (store_id, email, external_id, first_name, last_name, tags, platform_tags, source)
      select ${storeId}, email, external_id, first_name, last_name, coalesce(tags::jsonb, '[]'::jsonb), tags::jsonb, ${platform}
      from unnest(
        ${column((customer) => customer.email)}::text[], ${column((customer) => customer.externalId)}::text[],
        ${column((customer) => customer.firstName)}::text[], ${column((customer) => customer.lastName)}::text[],
        ${column((customer) => customer.tags && JSON.stringify(customer.tags))}::text[]
      ) as incoming(email, external_id, first_name, last_name, tags)
      on conflict (store_id, email) do update
        set external_id = excluded.external_id, first_name = excluded.first_name, last_name = excluded.last_name,
          tags = case when excluded.platform_tags is null then customers.tags
            else ${withPlatformTags(sql.ref('customers.tags'), sql.ref('customers.platform_tags'), sql.ref('excluded.platform_tags'))} end,
          platform_tags = coalesce(excluded.platform_tags, customers.platform_tags)
        where customers.deleted_at is null`.execute(db);
    counts.created += Number(result.numAffectedRows ?? 0);
  }
  return counts;
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

/** Erases the personal data of the store's customers of these platform ids (all of them for null; the ledger stays); answers how many. */
export async function erasePlatformCustomers(db: Executor, storeId: number, externalIds: string[] | null, now: Date): Promise<number> {
  let query = db.selectFrom('customers').select('id').where('store_id', '=', storeId).where('deleted_at', 'is', null);
  if (externalIds) query = query.where('external_id', 'in', externalIds.length > 0 ? externalIds : ['']);
  const rows = await query.execute();
  for (const row of rows) await deleteCustomer(db, storeId, row.id, now);
  return rows.length;
}

/** The platform deleted the account: the customer's personal data is erased (the ledger stays). Answers whether one was. */
export async function platformCustomerDeleted(db: Executor, storeId: number, externalId: string, now: Date): Promise<boolean> {
  return (await erasePlatformCustomers(db, storeId, [externalId], now)) > 0;
}
