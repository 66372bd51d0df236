// oxlint-disable no-async-endpoint-handlers -- a rule for Express; Fastify awaits async handlers
import { idParams } from '../../contract/common.ts';
import { COUPON_TYPES, couponBody, couponUpdateBody } from '../../contract/coupons.ts';
import { json } from '../../db/normalize.ts';
import { describeReward } from '../../domain/rules/redeem.ts';
import type { Coupon } from '../../domain/rules/tables.ts';
import type { RouteModule } from '../context.ts';
import { notFound } from '../errors.ts';

function presentCoupon(coupon: Coupon) {
  return {
    id: coupon.id, title: coupon.title, discount_type: coupon.discount_type, discount_value: coupon.discount_value, status: coupon.status,
    config: coupon.config, description: describeReward({ type: coupon.discount_type, discount_value: coupon.discount_value, title: coupon.title }),
    created_at: coupon.created_at.toISOString(), updated_at: coupon.updated_at.toISOString(),
  };
}

/** Spec §7 "Loyalty config": coupon definitions the program gives (referrals, perks…). */
export const couponRoutes: RouteModule = {
  prefix: '/api/v1',
  register(app) {
    app.get('/coupon/type', { schema: { tags: ['coupons'], summary: 'Coupon kinds' } }, async () => ({ data: COUPON_TYPES }));

    app.post('/coupon/store', { schema: { tags: ['coupons'], summary: 'Create a coupon', body: couponBody } }, async (request, reply) => {
      const now = app.clock.now();
      const { config, ...fields } = request.body;
      const coupon = await app.db.insertInto('coupons').values({ store_id: request.store.id, ...fields, config: json(config), created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
      return reply.code(201).send({ data: presentCoupon(coupon) });
    });

    app.get('/coupon/:id', { schema: { tags: ['coupons'], summary: 'One coupon', params: idParams } }, async (request) => {
      const coupon = await app.db.selectFrom('coupons').selectAll().where('id', '=', request.params.id).where('store_id', '=', request.store.id).executeTakeFirst();
      if (!coupon) throw notFound('Coupon');
      return { data: presentCoupon(coupon) };
    });

    app.post('/coupon/update', { schema: { tags: ['coupons'], summary: 'Update a coupon', body: couponUpdateBody } }, async (request) => {
      const { id, config, ...fields } = request.body;
      const coupon = await app.db.updateTable('coupons').set({ ...fields, config: json(config), updated_at: app.clock.now() })
        .where('id', '=', id).where('store_id', '=', request.store.id).returningAll().executeTakeFirst();
      if (!coupon) throw notFound('Coupon');
      return { data: presentCoupon(coupon) };
    });

    app.delete('/coupon/:id', { schema: { tags: ['coupons'], summary: 'Delete a coupon', params: idParams } }, async (request) => {
      const removed = await app.db.deleteFrom('coupons').where('id', '=', request.params.id).where('store_id', '=', request.store.id).returning('id').executeTakeFirst();
      if (!removed) throw notFound('Coupon');
      return { data: { id: removed.id } };
    });
  },
};
