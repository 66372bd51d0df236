/** Data host GET platform: the store's platform connection and its backfill job (status.ts). */
import { dataEnvelope } from '../../contract/common.ts';
import { platformOverview } from './contract.ts';
import type { RouteModule } from '../../http/context.ts';
import { platformOverviewOf } from './status.ts';

export const platformStatusRoutes: RouteModule = {
  prefix: '/data/v1',
  register(app) {
    app.get(
      '/platform',
      {
        config: { permission: 'program:read' },
        schema: {
          tags: ['apps'],
          summary: "The store's platform connection (null for a store connected by hand) and its customer backfill job",
          response: { 200: dataEnvelope(platformOverview) },
        },
      },
      async (request) => ({ data: await platformOverviewOf(app.db, request.store.id) }),
    );
  },
};
