import { idParams } from '../../contract/common.ts';
import { COUPON_TYPES, couponBody, couponUpdateBody, type CouponBody } from './contract/coupons.ts';
import { createCoupon, deleteCoupon, findCoupon, listCoupons, updateCoupon } from './coupons.ts';
import { listQuery } from './contract/earning-rules.ts';
import { describeReward } from './redeem.ts';
import type { Coupon } from './tables.ts';
import type { RouteModule } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { ensureCatalogueIds } from './catalogue-check.ts';

function presentCoupon(coupon: Coupon) {
  return {
    id: coupon.id,
    title: coupon.title,
    discount_type: coupon.discount_type,
    discount_value: coupon.discount_value,
    status: coupon.status,
    config: coupon.config,
    description: describeReward({ type: coupon.discount_type, discount_value: coupon.discount_value, title: coupon.title }),
    created_at: coupon.created_at.toISOString(),
    updated_at: coupon.updated_at.toISOString(),
  };
}

/** Spec §7 "Loyalty config": coupon definitions the program gives (referrals, perks…). */
export const couponRoutes: RouteModule = {
  prefix: '/api/v1',
  register(app) {
    const ensureCouponCatalogue = (storeId: number, config: CouponBody['config']) =>
      ensureCatalogueIds(app.db, storeId, [
        { field: 'config.product_ids', kind: 'products', ids: config.product_ids },
        { field: 'config.collection_ids', kind: 'collections', ids: config.collection_ids },
      ]);
    app.get('/coupon/type', { config: { permission: 'program:read' }, schema: { tags: ['coupons'], summary: 'Coupon kinds' } }, async () => ({
      data: COUPON_TYPES,
    }));

    // not in the spec's list, which has no way to list coupons: the console's Coupons section needs one
    app.get(
      '/coupon',
      { config: { permission: 'program:read' }, schema: { tags: ['coupons'], summary: 'Coupons of the store, newest first, paged', querystring: listQuery } },
      async (request) => {
        const { limit, page, status } = request.query;
        const { rows, total } = await listCoupons(app.db, request.store.id, { status, limit, offset: (page - 1) * limit });
        return { data: { data: rows.map(presentCoupon), total, page, limit } };
      },
    );

    app.post(
      '/coupon/store',
      { config: { permission: 'program:edit' }, schema: { tags: ['coupons'], summary: 'Create a coupon', body: couponBody } },
      async (request, reply) => {
        await ensureCouponCatalogue(request.store.id, request.body.config);
        const coupon = await createCoupon(app.db, request.store.id, request.body, app.clock.now());
        return reply.code(201).send({ data: presentCoupon(coupon) });
      },
    );

    app.get(
      '/coupon/:id',
      { config: { permission: 'program:read' }, schema: { tags: ['coupons'], summary: 'One coupon', params: idParams } },
      async (request) => {
        const coupon = await findCoupon(app.db, request.store.id, request.params.id);
        if (!coupon) throw notFound('Coupon');
        return { data: presentCoupon(coupon) };
      },
    );

    app.post(
      '/coupon/update',
      { config: { permission: 'program:edit' }, schema: { tags: ['coupons'], summary: 'Update a coupon', body: couponUpdateBody } },
      async (request) => {
        const { id, ...fields } = request.body;
        await ensureCouponCatalogue(request.store.id, fields.config);
        const coupon = await updateCoupon(app.db, request.store.id, id, fields, app.clock.now());
        if (!coupon) throw notFound('Coupon');
        return { data: presentCoupon(coupon) };
      },
    );

    app.delete(
      '/coupon/:id',
      { config: { permission: 'program:edit' }, schema: { tags: ['coupons'], summary: 'Delete a coupon', params: idParams } },
      async (request) => {
        if (!(await deleteCoupon(app.db, request.store.id, request.params.id))) throw notFound('Coupon');
        return { data: { id: request.params.id } };
      },
    );
  },
};
