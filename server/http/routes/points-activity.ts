import { impactPreviewBody } from '../../contract/points.ts';
import { activityQuery, type ActivityEntry } from '../../contract/points-activity.ts';
import { previewImpact } from '../../modules/rules/index.ts';
import { type ActivityRow, customerExists, listStoreActivity } from '../../domain/ledger/index.ts';
import type { RouteModule } from '../context.ts';
import { notFound } from '../errors.ts';

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

/** The Activity list of /rewards-loyalty/points/activity-list (every ledger entry of the store) and the impact preview of a rule change. */
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

    app.post(
      '/points/preview',
      {
        config: { permission: 'program:read' },
        schema: {
          tags: ['points'],
          summary: 'What a changed order rule, reward or expiry would have done over the last 90 days of this store',
          description:
            "Replays the store's orders of the last 90 days (with a customer; cancelled and refunded left out) under `earning` (the order rule as edited), " +
            '`redeem` (a reward: its cost and, for money off, its value) and `expiry_days` (null: never). What is left out is taken from the store as it is. ' +
            'Answers the points the change would have issued beside what the ledger recorded (`points_issued_now`), the points expired by today, the rewards ' +
            "the customers could afford and the liability (points left × a point's value, in minor units of the store's currency). Nothing is written.",
          body: impactPreviewBody,
        },
      },
      async (request) => ({ data: await previewImpact(app.db, request.store.id, request.body, app.clock.now()) }),
    );
  },
};
