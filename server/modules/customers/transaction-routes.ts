import { customerTransactionListBody, type CustomerTransactionRow } from './contract/customers.ts';
import { listCustomerTransactions } from './transactions.ts';
import type { CustomerTransactionSort } from './contract/vocabulary.ts';
import type { RouteModule } from '../../http/context.ts';

const DAY = 86_400_000;

/** Data host transaction/customer/list (spec §7): each customer's points activity in a period. */
export const customerTransactionRoutes: RouteModule = {
  prefix: '/data/v1',
  register(app) {
    app.post(
      '/transaction/customer/list',
      {
        config: { permission: 'customers:read', apiScope: 'points:read' },
        schema: {
          tags: ['customer points'],
          summary: 'The customers with points activity in a period, each with what the ledger did to them in it',
          description:
            '`from` and `to` are UTC days, both inclusive (no period: all time). Each row: entries, points earned, spent on rewards (net of rolled-back ones), ' +
            'expired, clawed back by refunds, the net change and the last entry. `sort_by` is one of last_activity, earned, spent, net, entries (prefix - for descending).',
          body: customerTransactionListBody,
        },
      },
      async (request) => {
        const { page, limit, search, from, to, sort_by: sortBy } = request.body;
        const desc = sortBy.startsWith('-');
        const { rows, total } = await listCustomerTransactions(
          app.db,
          request.store.id,
          {
            search,
            from: from ? new Date(`${from}T00:00:00Z`) : undefined,
            to: to ? new Date(Date.parse(`${to}T00:00:00Z`) + DAY) : undefined,
            sort: { by: (desc ? sortBy.slice(1) : sortBy) as CustomerTransactionSort, desc },
          },
          { limit, offset: (page - 1) * limit },
        );
        const data: CustomerTransactionRow[] = rows;
        return { data: { data, total, page, limit } };
      },
    );
  },
};
