/**
 * The customer backfill after an install, through Shopify's bulk operations
 * (https://shopify.dev/docs/api/usage/bulk-operations/queries): one `bulkOperationRunQuery` for the
 * shop's customers and their orders of the last 12 months, polled with `bulkOperations` until
 * COMPLETED, then the JSONL file at its `url` (one object a line; an order names its customer
 * with `__parentId`) written in batches. A resumable, idempotent job of the job engine: the
 * operation is found again by its query among the app's latest ones (the window is fixed in the
 * job's payload; other bulk queries of the app may run beside it), each batch
 * commits with the job's progress (lines done of the file's), customers are found by their platform
 * id (else e-mail) and orders go through the same processing as their webhooks (points once per
 * order). A file read again writes only what changed: the customers and orders the database
 * already holds as the file says them are compared in bulk and left as they were.
 */
import type { Config } from '../../../config.ts';
import { sql } from 'kysely';
import type { Db } from '../../../db/connection.ts';
import type { Executor } from '../../../domain/ledger/index.ts';
import { enqueueJob, PermanentFailure, RetryLater, type JobKind, type RunningJob } from '../../../domain/jobs/index.ts';
import { refreshOrderStatistics } from '../../../db/statistics.ts';
import type { OrderEvent } from '../../../domain/schemas/normalized-order.ts';
import { connectionOf } from '../connections.ts';
import { platformHook, type PlatformCustomer } from '../hooks.ts';
import { asJobError } from '../job-errors.ts';
import { shopifyEvent } from './orders.ts';
import { adminGraphql, ShopifyUnavailable } from './admin-api.ts';

export const SHOPIFY_BACKFILL_JOB = 'platform.shopify.backfill';

/** How long to wait before looking at a bulk operation again (Shopify's guide polls every few seconds). */
export const BULK_POLL_MS = 2_000;
/** Lines of the file written per transaction. */
const BATCH_LINES = 5_000;
const DAY_MS = 86_400_000;

const MONEY = 'shopMoney { amount currencyCode }';

/** The bulk query: every customer, and their orders created since `since` (a date, YYYY-MM-DD). */
export const backfillQuery = (since: string) =>
  `{ customers { edges { node { id firstName lastName defaultEmailAddress { emailAddress } tags ` +
  `orders(query: "created_at:>=${since}") { edges { node { id name email createdAt updatedAt cancelledAt currencyCode ` +
  `displayFinancialStatus sourceName discountCodes subtotalPriceSet { ${MONEY} } totalPriceSet { ${MONEY} } totalTaxSet { ${MONEY} } ` +
  `totalDiscountsSet { ${MONEY} } totalShippingPriceSet { ${MONEY} } } } } } } } }`;

const OPERATION_FIELDS = 'id status errorCode objectCount url query';

/** The app's latest bulk queries (newest first): ours is among them while its file can be read. */
const LATEST = /* GraphQL */ `
  query LatestBulkQueries {
    bulkOperations(first: 10, query: "operation_type:query") {
      nodes {
        ${OPERATION_FIELDS}
      }
    }
  }
`;

const RUN = /* GraphQL */ `
  mutation RunBulkQuery($query: String!) {
    bulkOperationRunQuery(query: $query, groupObjects: false) {
      bulkOperation {
        ${OPERATION_FIELDS}
      }
      userErrors {
        field
        code
        message
      }
    }
  }
`;

interface BulkOperation {
  id: string;
  status: 'CANCELED' | 'CANCELING' | 'COMPLETED' | 'CREATED' | 'EXPIRED' | 'FAILED' | 'RUNNING';
  errorCode: string | null;
  objectCount: string;
  url: string | null;
  query: string;
}

type Money = { shopMoney?: { amount?: string } } | null | undefined;

/** The field a nested object's line names its parent with. */
const PARENT = '__parentId';

interface BulkLine {
  id: string;
  [PARENT]?: string;
  // a customer
  firstName?: string | null;
  lastName?: string | null;
  defaultEmailAddress?: { emailAddress?: string } | null;
  tags?: string[];
  // an order
  name?: string;
  email?: string | null;
  createdAt?: string;
  updatedAt?: string;
  cancelledAt?: string | null;
  currencyCode?: string;
  displayFinancialStatus?: string | null;
  sourceName?: string | null;
  discountCodes?: string[];
  subtotalPriceSet?: Money;
  totalPriceSet?: Money;
  totalTaxSet?: Money;
  totalDiscountsSet?: Money;
  totalShippingPriceSet?: Money;
}

/** The number at the end of a global id (gid://shopify/Order/12 → 12), as webhooks name the same objects. */
const legacyId = (gid: string) => gid.slice(gid.lastIndexOf('/') + 1);
const amount = (money: Money) => money?.shopMoney?.amount ?? '0';

function customerOf(line: BulkLine): PlatformCustomer {
  return {
    externalId: legacyId(line.id),
    email: line.defaultEmailAddress?.emailAddress?.trim().toLowerCase() || null,
    firstName: line.firstName ?? '',
    lastName: line.lastName ?? '',
    tags: line.tags ?? [],
  };
}

/** An order line in the shape of Shopify's order webhooks, so it is read as they are. */
function orderEventOf(line: BulkLine, customer: PlatformCustomer | undefined): OrderEvent | null {
  const discounts = Number(amount(line.totalDiscountsSet));
  return shopifyEvent('orders/updated', {
    id: legacyId(line.id),
    name: line.name,
    email: line.email ?? customer?.email ?? null,
    currency: line.currencyCode,
    created_at: line.createdAt,
    updated_at: line.updatedAt ?? line.createdAt,
    cancelled_at: line.cancelledAt ?? null,
    financial_status: line.displayFinancialStatus?.toLowerCase() ?? null,
    source_name: line.sourceName ?? null,
    total_line_items_price: (Number(amount(line.subtotalPriceSet)) + discounts).toFixed(2),
    subtotal_price: amount(line.subtotalPriceSet),
    total_tax: amount(line.totalTaxSet),
    total_discounts: amount(line.totalDiscountsSet),
    total_price: amount(line.totalPriceSet),
    total_shipping_price_set: { shop_money: { amount: amount(line.totalShippingPriceSet) } },
    discount_codes: (line.discountCodes ?? []).map((code) => ({ code })),
    customer: customer ? { id: customer.externalId, email: customer.email, first_name: customer.firstName, last_name: customer.lastName } : null,
  });
}

/**
 * The orders of a batch without those already applied as the file says them (the same last
 * change, `updatedAt`): a file read again writes only what changed since.
 */
async function changedOrders(db: Executor, storeId: number, orders: OrderEvent[]): Promise<OrderEvent[]> {
  if (orders.length === 0) return orders;
  const applied = await sql<{ external_id: string; updated_at: string | null }>`
    select s.external_id, s.data->>'updatedAt' as updated_at from unnest(${orders.map((order) => order.orderExternalId)}::text[]) as wanted(external_id)
    cross join lateral (
      select o.external_id, o.data from order_states o
      where o.store_id = ${storeId} and o.platform = 'shopify' and o.external_id = wanted.external_id and o.known limit 1
    ) s`.execute(db);
  const appliedAt = new Map(applied.rows.map((row) => [row.external_id, row.updated_at]));
  return orders.filter((order) => !order.order || appliedAt.get(order.orderExternalId) !== order.order.updatedAt);
}

/** Writes the file's lines from `from` on, a batch a transaction with the job's progress; answers how many customers and orders. */
export async function importBulkFile(job: Pick<RunningJob<unknown>, 'db' | 'now' | 'checkpoint'>, storeId: number, text: string, from: number) {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const parsed = lines.map((line) => JSON.parse(line) as BulkLine);
  // an order's customer may be anywhere in the file: every customer first, by their global id
  const customers = new Map<string, PlatformCustomer>();
  for (const line of parsed) if (!line[PARENT] && line.id.includes('/Customer/')) customers.set(line.id, customerOf(line));
  let written = { customers: 0, orders: 0, created: 0, updated: 0, unchanged: 0 };
  for (let start = from; start < parsed.length; start += BATCH_LINES) {
    const batch = parsed.slice(start, start + BATCH_LINES);
    const batchCustomers = batch
      .filter((line) => !line[PARENT])
      .map((line) => customers.get(line.id)!)
      .filter(Boolean);
    const orders = batch
      .filter((line) => line[PARENT] && line.id.includes('/Order/'))
      .map((line) => orderEventOf(line, customers.get(line[PARENT]!)))
      .filter((event): event is OrderEvent => event !== null);
    const counts = await job.db.transaction().execute(async (trx) => {
      const customerCounts = await platformHook('upsertCustomers')(trx, storeId, 'shopify', batchCustomers);
      await refreshOrderStatistics(trx);
      await platformHook('applyOrders')(trx, storeId, await changedOrders(trx, storeId, orders), job.now());
      await job.checkpoint(trx, Math.min(start + BATCH_LINES, parsed.length), parsed.length);
      return customerCounts;
    });
    written = {
      customers: written.customers + batchCustomers.length,
      orders: written.orders + orders.length,
      created: written.created + counts.created,
      updated: written.updated + counts.updated,
      unchanged: written.unchanged + counts.unchanged,
    };
  }
  return { lines: parsed.length, ...written };
}

async function download(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(120_000) });
  } catch (error) {
    throw new ShopifyUnavailable(`The bulk operation's file could not be downloaded: ${(error as Error).message}`);
  }
  if (!response.ok) throw new ShopifyUnavailable(`The bulk operation's file answered ${response.status}.`);
  return response.text();
}

/** Queues the backfill of a newly installed shop: its window (the last 12 months) is fixed now. */
export async function queueShopifyBackfill(db: Db, storeId: number, now: Date): Promise<{ jobId: number }> {
  const since = new Date(now.getTime() - 365 * DAY_MS).toISOString().slice(0, 10);
  const job = await enqueueJob(db, { kind: SHOPIFY_BACKFILL_JOB, storeId, payload: { since } }, now);
  return { jobId: job.id };
}

export function shopifyBackfillJob(config: Config, pollMs = BULK_POLL_MS): JobKind<{ since: string }> {
  const waitFor = (operation: BulkOperation) =>
    new RetryLater(`Shopify is preparing the customers (bulk operation ${operation.status.toLowerCase()}).`, pollMs);
  return {
    kind: SHOPIFY_BACKFILL_JOB,
    async run(job) {
      const shopify = config.platforms.shopify;
      if (!shopify || job.storeId === null) throw new PermanentFailure('Shopify is not configured on this server.');
      const storeId = job.storeId;
      const connection = await connectionOf(job.db, config.platforms.tokenKeys, storeId);
      if (!connection || connection.platform !== 'shopify') throw new PermanentFailure('The store is not connected to Shopify.');
      const call = <T>(query: string, variables?: Record<string, unknown>) =>
        asJobError(job.db, storeId, () => adminGraphql<T>(shopify, connection, query, variables));
      const query = backfillQuery(job.payload.since);
      const { bulkOperations: latest } = await call<{ bulkOperations: { nodes: BulkOperation[] } }>(LATEST);
      const ours = latest.nodes.find((operation) => operation.query === query);
      if (ours?.status === 'COMPLETED') {
        if (!ours.url) return { lines: 0, customers: 0, orders: 0 };
        return importBulkFile(job, storeId, await download(ours.url), job.progress);
      }
      if (ours && (ours.status === 'CREATED' || ours.status === 'RUNNING')) throw waitFor(ours);
      // none yet, or ours failed, expired or was cancelled: a new one, whose file is read from its start
      if (job.progress > 0) await job.db.transaction().execute((trx) => job.checkpoint(trx, 0));
      const { bulkOperationRunQuery: started } = await call<{
        bulkOperationRunQuery: { bulkOperation: BulkOperation | null; userErrors: Array<{ code: string | null; message: string }> };
      }>(RUN, { query });
      // the shop runs as many bulk queries of the app as it allows at once
      if (started.userErrors.some((error) => error.code === 'LIMIT_REACHED' || error.code === 'OPERATION_IN_PROGRESS')) {
        throw new RetryLater('Shopify runs as many bulk operations of the app as it allows on the shop.', pollMs);
      }
      if (!started.bulkOperation) throw new PermanentFailure(`Shopify refused the bulk query: ${started.userErrors.map((error) => error.message).join('; ')}`);
      throw waitFor(started.bulkOperation);
    },
  };
}
