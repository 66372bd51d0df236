import { idParams } from '../../contract/common.ts';
import { discountBody, discountStatusParams, discountUpdateBody, type DiscountView } from './contract.ts';
import { createDiscount, deleteDiscount, describeDiscount, findDiscount, listDiscounts, updateDiscount, type Discount } from './service.ts';
import type { RouteModule } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { asVipApiError } from './refusals.ts';

export const presentDiscount = (discount: Discount): DiscountView => ({
  id: discount.id,
  title: discount.title,
  status: discount.status,
  discount_type: discount.discount_type,
  discount_value: discount.discount_value,
  min_order_minor: discount.min_order_minor,
  tier_ids: discount.tier_ids,
  starts_at: discount.starts_at?.toISOString() ?? null,
  ends_at: discount.ends_at?.toISOString() ?? null,
  description: describeDiscount(discount),
  created_at: discount.created_at.toISOString(),
  updated_at: discount.updated_at.toISOString(),
});

/** Spec §7 "Discounts": automatic discounts granted to VIP tiers without spending points. */
export const discountRoutes: RouteModule = {
  prefix: '/api/v1',
  register(app) {
    const tags = ['discounts'];
    app.get(
      '/discount/list/:status',
      {
        config: { permission: 'program:read' },
        schema: { tags, summary: 'Automatic discounts by status (active, inactive or all)', params: discountStatusParams },
      },
      async (request) => ({
        data: (await listDiscounts(app.db, request.store.id, request.params.status)).map(presentDiscount),
      }),
    );

    app.post(
      '/discount/create',
      { config: { permission: 'program:edit' }, schema: { tags, summary: 'Create an automatic discount for tiers', body: discountBody } },
      async (request, reply) => {
        const discount = await createDiscount(app.db, request.store.id, request.body, app.clock.now()).catch(asVipApiError);
        return reply.code(201).send({ data: presentDiscount(discount) });
      },
    );

    app.get(
      '/discount/:id',
      { config: { permission: 'program:read' }, schema: { tags, summary: 'One automatic discount', params: idParams } },
      async (request) => {
        const discount = await findDiscount(app.db, request.store.id, request.params.id);
        if (!discount) throw notFound('Discount');
        return { data: presentDiscount(discount) };
      },
    );

    app.post(
      '/discount/update',
      { config: { permission: 'program:edit' }, schema: { tags, summary: 'Change an automatic discount', body: discountUpdateBody } },
      async (request) => {
        const { id, ...body } = request.body;
        const discount = await updateDiscount(app.db, request.store.id, id, body, app.clock.now()).catch(asVipApiError);
        if (!discount) throw notFound('Discount');
        return { data: presentDiscount(discount) };
      },
    );

    app.delete(
      '/discount/:id',
      { config: { permission: 'program:edit' }, schema: { tags, summary: 'Delete an automatic discount (VIP privilege delete)', params: idParams } },
      async (request) => {
        if (!(await deleteDiscount(app.db, request.store.id, request.params.id))) throw notFound('Discount');
        return { data: { id: request.params.id } };
      },
    );
  },
};
