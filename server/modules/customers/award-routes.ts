import type { z } from 'zod';
import { awardFilterSchema, awardGrantQuery, awardHistoryQuery, awardPreviewBody, awardUpdateBody } from './contract/customers.ts';
import { awardHistory, filterAttributes, findAward, presentAward, previewAward, saveAward, startGrant } from './awards.ts';
import type { CustomerFilter } from './list.ts';
import type { RouteModule } from '../../http/context.ts';
import { ApiError, notFound } from '../../http/errors.ts';

const tags = ['awards'];

/** The contract's filter as the customer list's domain filter. */
const filterOf = (filter: z.infer<typeof awardFilterSchema>): CustomerFilter => ({
  vipTier: filter.vip_tier,
  tag: filter.tag,
  points: filter.points,
  joined: filter.joined,
  lastOrder: filter.last_order,
  spend: filter.spend,
});

/** Base API awards (spec §7): types, filter attributes, save a draft, grant once in the background, history. */
export const awardRoutes: RouteModule = {
  prefix: '/api/v1',
  register(app) {
    app.get('/award/type', { config: { permission: 'customers:read' }, schema: { tags, summary: 'The kinds of award a campaign can grant' } }, async () => ({
      data: [{ key: 'points', label: 'Points', description: 'Points added to each chosen member’s balance, once.' }],
    }));

    app.get(
      '/award/filter-attributes',
      { config: { permission: 'customers:read' }, schema: { tags, summary: 'What an award can choose customers by, with the store’s tiers and tags' } },
      async (request) => ({
        data: await filterAttributes(app.db, request.store.id),
      }),
    );

    app.post(
      '/award/update',
      {
        config: { permission: 'customers:manage' },
        schema: { tags, summary: 'Save a draft award (without id: a new one); a granted award is not changed', body: awardUpdateBody },
      },
      async (request) => {
        const { id, name, points, filter } = request.body;
        const saved = await saveAward(app.db, request.store.id, { id, name, points, filter: filterOf(filter) }, request.user.name, app.clock.now());
        if (!saved) {
          if (!(await findAward(app.db, request.store.id, id!))) throw notFound('Award');
          throw new ApiError(409, 'This award was granted already: it can no longer change.', 'award_granted');
        }
        return { data: presentAward(saved) };
      },
    );

    app.get(
      '/award/grant',
      {
        config: { permission: 'customers:manage' },
        schema: { tags, summary: 'Grant a saved award in the background, exactly once (a repeated call answers its progress)', querystring: awardGrantQuery },
      },
      async (request, reply) => {
        const { award, started } = await startGrant(app.db, request.store.id, request.query.award_id, request.user.name, app.clock.now());
        if (!award) throw notFound('Award');
        if (started) app.work.jobsQueued.raise();
        return reply.code(started ? 202 : 200).send({ data: presentAward(award) });
      },
    );

    app.get(
      '/award/history',
      {
        config: { permission: 'customers:read' },
        schema: { tags, summary: 'The store’s awards, newest first, with who granted what', querystring: awardHistoryQuery },
      },
      async (request) => {
        const { page, limit } = request.query;
        const { rows, total } = await awardHistory(app.db, request.store.id, { limit, offset: (page - 1) * limit });
        return { data: { data: rows.map(presentAward), total, page, limit } };
      },
    );
  },
};

/** Data host award/preview: the customers and points an award would grant, before granting. */
export const awardPreviewRoutes: RouteModule = {
  prefix: '/data/v1',
  register(app) {
    app.post(
      '/award/preview',
      {
        config: { permission: 'customers:read' },
        schema: { tags, summary: 'How many members an award reaches and how many points in all', body: awardPreviewBody },
      },
      async (request) => ({
        data: await previewAward(app.db, request.store.id, filterOf(request.body.filter), request.body.points),
      }),
    );
  },
};
