import { createHmac } from 'node:crypto';
import { bigcommerceRequest, type StoreAccess } from './api.ts';
import { channelOf, toMinor, type NormalizedOrder, type OrderEvent } from '../../../domain/schemas/normalized-order.ts';

/** BigCommerce order (API v2), as far as points need it. */
export interface BigCommerceOrder {
  id: number;
  /** where the order was placed: www, manual, external, a marketplace */
  order_source?: string | null;
  status?: string;
  status_id?: number;
  payment_status?: string;
  currency_code?: string;
  subtotal_ex_tax?: string;
  shipping_cost_ex_tax?: string;
  total_tax?: string;
  total_inc_tax?: string;
  discount_amount?: string;
  coupon_discount?: string;
  refunded_amount?: string;
  date_created?: string;
  date_modified?: string;
  customer_id?: number;
  billing_address?: { first_name?: string; last_name?: string; email?: string };
  /** the codes of the coupons the order used: not part of the v2 order, read from its coupons sub-resource (fetchBigCommerceOrder) */
  coupon_codes?: string[];
}

/** One coupon an order used (v2 "List Order Coupons", `GET /v2/orders/{order_id}/coupons`). */
interface BigCommerceOrderCoupon {
  code?: string;
}

const CANCELLED = new Set(['cancelled', 'declined']);
const PAID = new Set([
  'completed',
  'shipped',
  'awaiting fulfillment',
  'awaiting shipment',
  'awaiting pickup',
  'partially shipped',
  'refunded',
  'partially refunded',
]);

function bigcommerceOrder(order: BigCommerceOrder): NormalizedOrder {
  const status = (order.status ?? 'pending').toLowerCase();
  const statuses = [status];
  if (PAID.has(status)) statuses.push('paid');
  const discount = toMinor(order.discount_amount) + toMinor(order.coupon_discount);
  return {
    externalId: String(order.id),
    number: `#${order.id}`,
    customer:
      order.billing_address?.email || order.customer_id
        ? {
            externalId: order.customer_id ? String(order.customer_id) : null,
            email: order.billing_address?.email ?? null,
            firstName: order.billing_address?.first_name ?? '',
            lastName: order.billing_address?.last_name ?? '',
          }
        : null,
    currency: order.currency_code ?? 'USD',
    // subtotal_ex_tax is before order-level discounts on BigCommerce
    itemsMinor: toMinor(order.subtotal_ex_tax),
    discountMinor: discount,
    shippingMinor: toMinor(order.shipping_cost_ex_tax),
    taxMinor: toMinor(order.total_tax),
    totalMinor: toMinor(order.total_inc_tax),
    lines: [],
    discountCodes: order.coupon_codes ?? [],
    statuses,
    cancelled: CANCELLED.has(status),
    placedAt: order.date_created ? new Date(order.date_created).toISOString() : new Date(0).toISOString(),
    updatedAt: order.date_modified ? new Date(order.date_modified).toISOString() : '',
    ...channelOf(order.order_source),
  };
}

/** A fetched BigCommerce order → its event; the refunded total is one cumulative refund. */
export function bigcommerceEvent(order: BigCommerceOrder): OrderEvent {
  const refunded = toMinor(order.refunded_amount);
  return {
    platform: 'bigcommerce',
    orderExternalId: String(order.id),
    order: bigcommerceOrder(order),
    refunds: refunded > 0 ? [{ refundId: 'refunded_total', amountMinor: refunded }] : [],
  };
}

/**
 * Fetches an order from the store's API (v2 "Get an Order"), with the codes of the coupons it
 * used (v2 "List Order Coupons"): a reward's code an order carries marks the reward used. The API's
 * errors are the platforms' (api.ts): a throttle, a refused token, the store down.
 */
export async function fetchBigCommerceOrder(access: StoreAccess, orderId: string): Promise<BigCommerceOrder> {
  const path = `/v2/orders/${encodeURIComponent(orderId)}`;
  const order = await bigcommerceRequest<BigCommerceOrder>(access, 'GET', path);
  if (!order) throw new Error(`BigCommerce answered no order ${orderId}.`);
  const coupons = (await bigcommerceRequest<BigCommerceOrderCoupon[]>(access, 'GET', `${path}/coupons`)) ?? [];
  return { ...order, coupon_codes: coupons.map((coupon) => coupon.code ?? '').filter(Boolean) };
}

/** The static header value BigCommerce webhooks are registered with (`X-Webhook-Secret`): BigCommerce cannot sign bodies. */
export function bigcommerceWebhookSecret(hmacSecret: string): string {
  return createHmac('sha256', hmacSecret).update('bigcommerce-webhook').digest('hex');
}
