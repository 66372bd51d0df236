import { idParams } from '../../contract/common.ts';
import { listQuery } from './contract/earning-rules.ts';
import { redeemRuleBody, redeemRuleUpdateBody, type RedeemRuleBody } from './contract/redeem-rules.ts';
import { createRedeemRule, deleteRedeemRule, describeReward, findRedeemRule, listRedeemRules, updateRedeemRule } from './redeem.ts';
import type { RedeemRule } from './tables.ts';
import type { RouteModule } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { ensureCatalogueIds } from './catalogue-check.ts';

function presentRedeemRule(rule: RedeemRule) {
  return {
    id: rule.id,
    type: rule.type,
    title: rule.title,
    status: rule.status,
    points_cost: rule.points_cost,
    discount_value: rule.discount_value,
    config: rule.config,
    description: describeReward(rule),
    created_at: rule.created_at.toISOString(),
    updated_at: rule.updated_at.toISOString(),
  };
}

/** Spec §7 "Redeem": ways to redeem points. */
export const redeemRoutes: RouteModule = {
  prefix: '/api/v1',
  register(app) {
    const ensureRedeemCatalogue = (storeId: number, config: RedeemRuleBody['config']) =>
      ensureCatalogueIds(app.db, storeId, [
        { field: 'config.product_ids', kind: 'products', ids: config.product_ids },
        { field: 'config.collection_ids', kind: 'collections', ids: config.collection_ids },
        { field: 'config.free_product_id', kind: 'products', ids: [config.free_product_id] },
      ]);
    app.post(
      '/redeem/store',
      { config: { permission: 'program:edit' }, schema: { tags: ['redeem'], summary: 'Create a way to redeem', body: redeemRuleBody } },
      async (request, reply) => {
        await ensureRedeemCatalogue(request.store.id, request.body.config);
        const rule = await createRedeemRule(app.db, request.store.id, request.body, app.clock.now());
        return reply.code(201).send({ data: presentRedeemRule(rule) });
      },
    );

    app.post(
      '/redeem/update',
      { config: { permission: 'program:edit' }, schema: { tags: ['redeem'], summary: 'Update a way to redeem', body: redeemRuleUpdateBody } },
      async (request) => {
        const { id, ...body } = request.body;
        await ensureRedeemCatalogue(request.store.id, body.config);
        const rule = await updateRedeemRule(app.db, request.store.id, id, body, app.clock.now());
        if (!rule) throw notFound('Way to redeem');
        return { data: presentRedeemRule(rule) };
      },
    );

    app.get(
      '/redeem',
      { config: { permission: 'program:read' }, schema: { tags: ['redeem'], summary: 'Ways to redeem, paged', querystring: listQuery } },
      async (request) => {
        const { limit, page, status } = request.query;
        const { rows, total } = await listRedeemRules(app.db, request.store.id, { status, limit, offset: (page - 1) * limit });
        return { data: { data: rows.map(presentRedeemRule), total, page, limit } };
      },
    );

    app.get(
      '/redeem/point/:id',
      { config: { permission: 'program:read' }, schema: { tags: ['redeem'], summary: 'One way to redeem', params: idParams } },
      async (request) => {
        const rule = await findRedeemRule(app.db, request.store.id, request.params.id);
        if (!rule) throw notFound('Way to redeem');
        return { data: presentRedeemRule(rule) };
      },
    );

    app.delete(
      '/redeem/:id',
      { config: { permission: 'program:edit' }, schema: { tags: ['redeem'], summary: 'Delete a way to redeem (issued rewards stay)', params: idParams } },
      async (request) => {
        if (!(await deleteRedeemRule(app.db, request.store.id, request.params.id))) throw notFound('Way to redeem');
        return { data: { id: request.params.id } };
      },
    );
  },
};
