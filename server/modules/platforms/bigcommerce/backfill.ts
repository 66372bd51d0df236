/**
 * The customer backfill after an install, a resumable job of the job engine: the store's customers
 * (v3 `GET /customers`, https://developer.bigcommerce.com/docs/rest-management/customers) and its
 * orders of the last 12 months (v2 `GET /orders?min_date_created=`, counted by `GET /orders/count`,
 * https://developer.bigcommerce.com/docs/rest-management/orders), page by page. Each page is
 * written in its own transaction with the job's progress (pages done of the total), so a job taken
 * over after a crash goes on from the next page; orders go through the same processing as their
 * webhooks (customers found or created, points as the program's rules give them, once per order).
 */
import type { Config } from '../../../config.ts';
import { PermanentFailure, type JobKind } from '../../../domain/jobs/index.ts';
import { refreshOrderStatistics } from '../../../db/statistics.ts';
import { connectionOf } from '../connections.ts';
import { accessOf, bigcommerceRequest, type StoreAccess } from './api.ts';
import { asJobError } from '../job-errors.ts';
import { platformHook } from '../hooks.ts';
import { bigcommerceEvent, type BigCommerceOrder } from './orders.ts';

export const BIGCOMMERCE_BACKFILL_JOB = 'platform.bigcommerce.backfill';

/** Items per page: BigCommerce's largest for both lists. */
const PAGE_SIZE = 250;
const DAY_MS = 86_400_000;

interface Customer {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

interface CustomerPage {
  data: Customer[];
  meta?: { pagination?: { total_pages?: number } };
}

/** Where the backfill stands: how many pages of customers, then of orders. */
async function pageCounts(access: StoreAccess, since: string, pageSize: number): Promise<{ customerPages: number; orderPages: number }> {
  const first = await bigcommerceRequest<CustomerPage>(access, 'GET', `/v3/customers?page=1&limit=${pageSize}`);
  const count = await bigcommerceRequest<{ count: number }>(access, 'GET', `/v2/orders/count?min_date_created=${encodeURIComponent(since)}`);
  return { customerPages: first?.meta?.pagination?.total_pages ?? 0, orderPages: Math.ceil((count?.count ?? 0) / pageSize) };
}

export function bigcommerceBackfillJob(config: Config, pageSize = PAGE_SIZE): JobKind<{ since?: string }> {
  return {
    kind: BIGCOMMERCE_BACKFILL_JOB,
    async run(job) {
      if (job.storeId === null) throw new PermanentFailure('The backfill names no store.');
      const storeId = job.storeId;
      const connection = await connectionOf(job.db, config.platforms.tokenKeys, storeId);
      if (!connection) throw new PermanentFailure('The store is not connected to BigCommerce.');
      const access = accessOf(config.platforms.bigcommerceApiUrl, connection);
      // the window is fixed when the job starts (kept in its payload): a resumed job reads the same orders
      const since = job.payload.since ?? new Date(job.now().getTime() - 365 * DAY_MS).toISOString();
      const { customerPages, orderPages } = await asJobError(job.db, storeId, () => pageCounts(access, since, pageSize));
      const total = customerPages + orderPages;
      let imported = 0;
      for (let done = job.progress; done < total; done += 1) {
        if (done < customerPages) {
          const page = await asJobError(job.db, storeId, () =>
            bigcommerceRequest<CustomerPage>(access, 'GET', `/v3/customers?page=${done + 1}&limit=${pageSize}`),
          );
          const customers = (page?.data ?? []).map((customer) => ({
            externalId: String(customer.id),
            email: customer.email,
            firstName: customer.first_name,
            lastName: customer.last_name,
          }));
          await job.db.transaction().execute(async (trx) => {
            await platformHook('resolveCustomers')(trx, storeId, 'bigcommerce', customers);
            await job.checkpoint(trx, done + 1, total);
          });
          imported += customers.length;
        } else {
          const path = `/v2/orders?min_date_created=${encodeURIComponent(since)}&sort=id:asc&page=${done - customerPages + 1}&limit=${pageSize}`;
          const orders = (await asJobError(job.db, storeId, () => bigcommerceRequest<BigCommerceOrder[]>(access, 'GET', path))) ?? [];
          await job.db.transaction().execute(async (trx) => {
            await refreshOrderStatistics(trx);
            await platformHook('applyOrders')(trx, storeId, orders.map(bigcommerceEvent), job.now());
            await job.checkpoint(trx, done + 1, total);
          });
          imported += orders.length;
        }
      }
      return { pages: total, imported_on_this_run: imported, since };
    },
  };
}
