import type { NeutralOrderWebhook } from './contract.ts';
import { addressKey, channelOf, type OrderEvent } from '../../domain/schemas/normalized-order.ts';

/** A neutral-format webhook → what it says about its order. */
export function neutralEvent(body: NeutralOrderWebhook): OrderEvent {
  const refunds = body.refund ? [{ refundId: body.refund.id, amountMinor: body.refund.amount }] : [];
  const order = body.order;
  if (!order) return { platform: 'custom', orderExternalId: body.order_id!, refunds };
  const status = order.status.toLowerCase();
  return {
    platform: 'custom',
    orderExternalId: order.id,
    refunds,
    order: {
      externalId: order.id,
      number: order.number ?? `#${order.id}`,
      customer: order.customer
        ? {
            externalId: order.customer.id ?? null,
            email: order.customer.email ?? null,
            firstName: order.customer.first_name,
            lastName: order.customer.last_name,
          }
        : null,
      currency: order.currency,
      itemsMinor: order.amounts.items,
      discountMinor: order.amounts.discounts,
      shippingMinor: order.amounts.shipping,
      taxMinor: order.amounts.tax,
      totalMinor: order.amounts.total,
      lines: order.lines.map((line) => ({
        productId: line.product_id,
        variantId: line.variant_id,
        collectionIds: line.collection_ids,
        amountMinor: line.amount,
      })),
      statuses: body.type === 'order.paid' ? [status, 'paid'] : [status],
      cancelled: order.cancelled || body.type === 'order.cancelled' || status === 'cancelled',
      placedAt: order.placed_at,
      updatedAt: order.updated_at ?? order.placed_at,
      discountCodes: order.discount_codes,
      ...(order.shipping_address ? { addressKey: addressKey([order.shipping_address]) } : {}),
      ...(order.payment_fingerprint ? { paymentFingerprint: order.payment_fingerprint.toLowerCase() } : {}),
      ...(order.browser_ip ? { browserIp: order.browser_ip } : {}),
      ...channelOf(order.channel),
    },
  };
}
