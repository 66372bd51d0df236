import { sql } from 'kysely';
import { json } from '../../db/normalize.ts';
import { checkLimits, inTransaction, openingBalances, PointsLimitError, type Executor } from '../../domain/ledger/index.ts';
import type { ImportProblem } from './contract/vocabulary.ts';
import type { CustomerImport, ImportCustomer } from './tables.ts';
import { mergeTags } from './tags.ts';
import { changesCustomer, heldFromOpeningBalance } from './import-preview.ts';
import { reevaluateTiers } from '../vip/index.ts';
import { letRequestsThrough } from '../../domain/cooperate.ts';
import { enqueueJob, PermanentFailure, type JobKind, type RunningJob } from '../../domain/jobs/index.ts';

type Checkpoint = RunningJob<unknown>['checkpoint'];

/**
 * Customers written per step (one transaction and one progress update each). Measured on both
 * databases: 2,500 rows a step imported ~20 % faster than 1,000 and 5,000 little more; 2,000
 * keeps a step of PGlite's one connection (requests wait between steps) around a second.
 */
const IMPORT_CHUNK = 2_000;
/** The job kind of a customer import. */
export const CUSTOMER_IMPORT_JOB = 'customers.import';
/** The ledger source of an opening balance: one per customer, so a repeated import credits nothing. */
export const OPENING_BALANCE_SOURCE = 'customer_import';

/** The skipped rows' problems an import keeps (the dry run lists them all). */
export const IMPORT_SKIPPED_KEPT = 1_000;

/** Records an import of checked customers, with its job; `skipped` are the bad rows left out and their problems. */
export async function createCustomerImport(
  db: Executor,
  storeId: number,
  customers: ImportCustomer[],
  who: string,
  now: Date,
  skipped: { rows: number; problems: ImportProblem[] } = { rows: 0, problems: [] },
): Promise<CustomerImport> {
  return inTransaction(db, async (trx) => {
    const record = await trx
      .insertInto('customer_imports')
      .values({
        store_id: storeId,
        total: customers.length,
        rows: json(customers),
        skipped: skipped.rows,
        skipped_rows: json(skipped.problems.slice(0, IMPORT_SKIPPED_KEPT)),
        created_by: who,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await enqueueJob(trx, { kind: CUSTOMER_IMPORT_JOB, storeId, payload: { importId: record.id }, total: customers.length }, now);
    return record;
  });
}

/** Marks an import running and reads it, unless it has ended (a job's first step). */
export const startCustomerImport = (db: Executor, id: number, now: Date): Promise<CustomerImport | undefined> =>
  db
    .updateTable('customer_imports')
    .set({ status: 'running', updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .returningAll()
    .executeTakeFirst();

interface ChunkResult {
  created: number;
  updated: number;
  total: number;
  credited: number;
  credited_ids: number[];
  balance: number;
  pending: number;
  lifetime: number;
}

/**
 * Writes one chunk in one transaction, its customers and opening balances in one statement (the
 * rows sent once, as one JSON parameter): customers upserted by email (new ones inserted; existing
 * ones get the file's names and birthday when it has them and its tags added, and are left
 * untouched when that changes nothing (`changesCustomer`), so a repeated file rewrites no row and
 * counts its rows unchanged); then the opening balances through the ledger (`openingBalances`:
 * once per customer, nothing for the holdout group or guests, accounts opened with them). A new customer's holdout draw is the trigger's own rule
 * (`customer_drawn_for_holdout`); the tag rows follow from the customers'
 * statement-level triggers. Then the tiers the balances reach, and the import's progress.
 */
async function writeChunk(db: Executor, record: CustomerImport, chunk: ImportCustomer[], end: number, now: Date, checkpoint?: Checkpoint): Promise<void> {
  const storeId = record.store_id;
  const input = chunk.map((row) => ({
    line: row.line,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    birthday: row.birthday,
    points: row.points,
    tags: row.tags,
  }));
  const reason = `Opening balance imported by ${record.created_by || 'the store'}`;
  await inTransaction(db, async (trx) => {
    // a crash may lose the last chunks committed, never half of one: the progress is in the same
    // transaction, so the resumed job redoes exactly those (a commit need not wait for the disk)
    await sql`set local synchronous_commit = off`.execute(trx);
    const { rows } = await sql<ChunkResult>`
      with input as (
        select * from json_to_recordset(${json(input)}::json)
          as r(line integer, email text, first_name text, last_name text, birthday date, points bigint, tags jsonb)),
      written as (
        insert into customers as c (store_id, email, first_name, last_name, birthday, tags, source, created_at)
        select ${storeId}::bigint, email, first_name, last_name, birthday, tags, 'import', ${now}::timestamptz from input order by email
        on conflict (store_id, email) do update set
          first_name = case when excluded.first_name <> '' then excluded.first_name else c.first_name end,
          last_name = case when excluded.last_name <> '' then excluded.last_name else c.last_name end,
          birthday = coalesce(excluded.birthday, c.birthday),
          tags = ${mergeTags(sql.ref('c.tags'), sql.ref('excluded.tags'))}
        where ${changesCustomer('c', 'excluded')}
        returning c.id, c.email, c.xmax = 0 as inserted, c.holdout, c.program_status),
      holdout as (select store_holdout_percent(settings) as percent from stores where id = ${storeId}),
      source as (
        select coalesce(w.id, e.id) as customer_id, i.points, coalesce(w.inserted, false) as opened,
          ${heldFromOpeningBalance(
            sql`coalesce(w.inserted, false)`,
            storeId,
            sql`i.email`,
            sql`coalesce(w.holdout, e.holdout)`,
            sql`coalesce(w.program_status, e.program_status)`,
            sql`(select percent from holdout)`,
          )} as held,
          'opening balance imported from a CSV file (import #' || ${record.id}::bigint || ', line ' || i.line || '): +' || i.points as computation
        from input i
        left join written w on w.email = i.email
        left join lateral (select id, holdout, program_status from customers where store_id = ${storeId} and email = i.email) e on true),
      ${openingBalances(storeId, OPENING_BALANCE_SOURCE, reason, now)}
      select (select count(*) from source where opened) as created, (select count(*) from written where not inserted) as updated,
        (select count(*) from source) as total,
        (select coalesce(sum(points), 0) from opening_entries) as credited,
        (select coalesce(array_agg(customer_id), '{}') from opening_entries) as credited_ids,
        (select coalesce(max(balance), 0) from opening_accounts) as balance, (select coalesce(max(pending), 0) from opening_accounts) as pending,
        (select coalesce(max(lifetime), 0) from opening_accounts) as lifetime`.execute(trx);
    const result = rows[0]!;
    checkLimits([result]);
    // an opening balance counts towards lifetime points: the customers it moved may reach a tier
    await reevaluateTiers(trx, storeId, result.credited_ids.map(Number), now);
    const created = Number(result.created);
    const updated = Number(result.updated);
    await trx
      .updateTable('customer_imports')
      .set({
        processed: end,
        created: sql`created + ${created}`,
        updated: sql`updated + ${updated}`,
        unchanged: sql`unchanged + ${Number(result.total) - created - updated}`,
        points_credited: sql`points_credited + ${Number(result.credited)}`,
        updated_at: now,
      })
      .where('id', '=', record.id)
      .execute();
    await checkpoint?.(trx, end);
  });
}

/**
 * Writes the customers of a started import from where it stopped, a chunk at a time (each chunk,
 * its progress and the job's checkpoint in one transaction, so a crash repeats nothing and loses
 * nothing); done, its rows dropped. An error is thrown to the job, which retries or fails it.
 */
export async function runCustomerImport(
  db: Executor,
  record: CustomerImport,
  now: () => Date,
  chunkSize = IMPORT_CHUNK,
  checkpoint?: Checkpoint,
): Promise<CustomerImport> {
  for (let start = record.processed; start < record.rows.length; start += chunkSize) {
    const chunk = record.rows.slice(start, start + chunkSize);
    await writeChunk(db, record, chunk, start + chunk.length, now(), checkpoint);
    await letRequestsThrough();
  }
  return db
    .updateTable('customer_imports')
    .set({ status: 'done', rows: json([]), updated_at: now(), finished_at: now() })
    .where('id', '=', record.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A customer import as a job: continued from its progress when taken over, failed with the reason after its last attempt. */
export function customerImportJob(chunkSize = IMPORT_CHUNK): JobKind<{ importId: number }> {
  return {
    kind: CUSTOMER_IMPORT_JOB,
    async run(job) {
      const record = await startCustomerImport(job.db, job.payload.importId, job.now());
      if (!record) return null;
      try {
        const done = await runCustomerImport(job.db, record, job.now, chunkSize, job.checkpoint);
        return { created: done.created, updated: done.updated, unchanged: done.unchanged, skipped: done.skipped };
      } catch (error) {
        // a file that would take a balance past the limits fails the same way every time
        throw error instanceof PointsLimitError ? new PermanentFailure(error.message) : error;
      }
    },
    async onFailure(job, error) {
      await job.db
        .updateTable('customer_imports')
        .set({ status: 'failed', error: error.slice(0, 1000), updated_at: job.now(), finished_at: job.now() })
        .where('id', '=', job.payload.importId)
        .execute();
    },
  };
}

export const findCustomerImport = (db: Executor, storeId: number, id: number) =>
  db.selectFrom('customer_imports').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

/** The progress of an import as the data host answers it. */
export const presentCustomerImport = (record: CustomerImport) => ({
  id: record.id,
  status: record.status,
  total: record.total,
  processed: record.processed,
  created: record.created,
  updated: record.updated,
  unchanged: record.unchanged,
  skipped: record.skipped,
  skipped_rows: record.skipped_rows,
  points_credited: Number(record.points_credited),
  error: record.error,
  created_at: record.created_at.toISOString(),
  finished_at: record.finished_at?.toISOString() ?? null,
});

/**
 * Queues an invitation to join the program for the chosen customers, or (none chosen) for every
 * past customer who bought without joining (guests); a customer is invited once. Answers how
 * many invitations were queued now.
 */
export async function inviteCustomers(db: Executor, storeId: number, customerIds: number[] | undefined, who: string, now: Date): Promise<number> {
  let chosen = db
    .selectFrom('customers')
    .select([sql<number>`${storeId}::bigint`.as('store_id'), 'id', sql<string>`${who}::text`.as('invited_by'), sql<Date>`${now}::timestamptz`.as('created_at')])
    .where('store_id', '=', storeId)
    .where('deleted_at', 'is', null);
  chosen = customerIds ? chosen.where('id', 'in', customerIds.length > 0 ? customerIds : [0]) : chosen.where('program_status', '=', 'guest');
  const rows = await db
    .insertInto('customer_invites')
    .columns(['store_id', 'customer_id', 'invited_by', 'created_at'])
    .expression(chosen)
    .onConflict((oc) => oc.columns(['store_id', 'customer_id']).doNothing())
    .returning('id')
    .execute();
  return rows.length;
}
