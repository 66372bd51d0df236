import type { RouteModule } from '../../http/context.ts';
import { impactPreviewBody } from './contract/impact-preview.ts';
import { previewImpact } from './impact-preview.ts';

/** The impact preview of a rule change, replayed over the store's last 90 days (the points editor's preview). */
export const impactPreviewRoutes: RouteModule = {
  prefix: '/api/v1',
  register(app) {
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
