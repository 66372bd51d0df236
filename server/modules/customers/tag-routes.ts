import { customerTagBody, customerTagQuery, type CustomerTag } from './contract/customers.ts';
import { customerExists } from '../../domain/ledger/index.ts';
import { listCustomerTags, tagCustomers } from './tags.ts';
import type { RouteModule } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { underPersonsCap } from '../../http/points-cap.ts';
import { asApiError } from '../../http/rule-errors.ts';

interface TagPage {
  data: CustomerTag[];
  total: number;
  page: number;
  limit: number;
}

/** Data host customer tags: the tags in use (list filters, award targets) and tagging chosen customers. */
export const customerTagRoutes: RouteModule = {
  prefix: '/data/v1',
  register(app) {
    app.post(
      '/tag/customer',
      {
        config: { permission: 'customers:support' },
        schema: {
          tags: ['customers'],
          summary: 'Customer tags with how many customers carry each, paged; with a body, first adds and removes tags on the chosen customers',
          querystring: customerTagQuery,
          body: customerTagBody,
        },
      },
      async (request): Promise<{ data: TagPage & { changed?: number } }> => {
        const { page, limit, search } = request.query;
        let changed: number | undefined;
        if (request.body) {
          const ids = [...new Set(request.body.customer_ids)];
          for (const id of ids) if (!(await customerExists(app.db, request.store.id, id))) throw notFound('Customer');
          const { add, remove } = request.body;
          changed = await underPersonsCap(app, request, (db) => tagCustomers(db, request.store.id, ids, add, remove)).catch(asApiError);
        }
        const { rows, total } = await listCustomerTags(app.db, request.store.id, { search, limit, offset: (page - 1) * limit });
        return { data: { data: rows, total, page, limit, ...(changed === undefined ? {} : { changed }) } };
      },
    );

    app.get(
      '/tag',
      {
        config: { permission: 'customers:read' },
        schema: { tags: ['customers'], summary: 'The customer tags in use, by name (the first 100, or a page of them)', querystring: customerTagQuery },
      },
      async (request): Promise<{ data: TagPage }> => {
        const { page, limit, search } = request.query;
        const { rows, total } = await listCustomerTags(app.db, request.store.id, { search, limit, offset: (page - 1) * limit });
        return { data: { data: rows, total, page, limit } };
      },
    );
  },
};
