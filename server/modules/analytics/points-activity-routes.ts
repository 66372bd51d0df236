import { activityQuery, type ActivityEntry } from './contract/points-activity.ts';
import { type ActivityRow, customerExists, listStoreActivity } from '../../domain/ledger/index.ts';
import type { RouteModule } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';

const DAY = 86_400_000;

const presentActivity = (row: ActivityRow): ActivityEntry => ({
  id: row.id,
  customer: { id: row.customer_id, email: row.email, name: `${row.first_name} ${row.last_name}`.trim() },
  type: row.type,
  points: row.points,
  pending_points: row.pending_points,
  source_type: row.source_type,
  source_id: row.source_id,
  computation: row.computation,
  reason: row.reason,
  created_at: row.created_at.toISOString(),
});

/** The Activity list of /rewards-loyalty/points/activity-list: every ledger entry of the store. */
export const pointsActivityRoutes: RouteModule = {
  prefix: '/api/v1',
  register(app) {
    app.get(
      '/points/activity',
      {
        config: { permission: 'customers:read' },
        schema: {
          tags: ['points'],
          summary: 'Every points ledger entry of the store, newest first, with why it was written',
          description: '`type` takes one entry type or several, comma separated; `from` and `to` are UTC days, both inclusive.',
          querystring: activityQuery,
        },
      },
      async (request) => {
        const { limit, page, type, customer_id: customerId, customer, from, to } = request.query;
        if (customerId !== undefined && !(await customerExists(app.db, request.store.id, customerId))) throw notFound('Customer');
        const { rows, total } = await listStoreActivity(
          app.db,
          request.store.id,
          {
            types: type,
            customerId,
            customerText: customer || undefined,
            from: from ? new Date(`${from}T00:00:00Z`) : undefined,
            to: to ? new Date(Date.parse(`${to}T00:00:00Z`) + DAY) : undefined,
          },
          { limit, offset: (page - 1) * limit },
        );
        return { data: { data: rows.map(presentActivity), total, page, limit } };
      },
    );
  },
};
