import {
  addressKey,
  channelOf,
  toMinor,
  type NormalizedOrder,
  type OrderAmounts,
  type OrderEvent,
  type OrderRefund,
} from '../../../domain/schemas/normalized-order.ts';

/** Shopify webhook topics that move points. */
const SHOPIFY_ORDER_TOPICS = ['orders/create', 'orders/paid', 'orders/updated', 'orders/cancelled', 'orders/fulfilled', 'orders/edited'] as const;
export const SHOPIFY_TOPICS = [...SHOPIFY_ORDER_TOPICS, 'refunds/create'] as const;

type Money = string | number | null | undefined;
type MoneySet = { shop_money?: { amount?: Money; currency_code?: string }; presentment_money?: { amount?: Money; currency_code?: string } };
interface ShopifyTransaction {
  amount?: Money;
  kind?: string;
  status?: string;
}
interface ShopifyRefund {
  id: number | string;
  order_id?: number | string;
  transactions?: ShopifyTransaction[];
  refund_line_items?: Array<{ subtotal?: Money; total_tax?: Money }>;
}
interface ShopifyOrder {
  id: number | string;
  /** the sales channel: web, pos, shopify_draft_order, an app's name */
  source_name?: string | null;
  name?: string;
  order_number?: number;
  email?: string | null;
  currency?: string;
  total_line_items_price?: Money;
  subtotal_price?: Money;
  total_discounts?: Money;
  total_tax?: Money;
  total_price?: Money;
  total_shipping_price_set?: MoneySet;
  total_price_set?: MoneySet;
  total_line_items_price_set?: MoneySet;
  total_discounts_set?: MoneySet;
  total_tax_set?: MoneySet;
  shipping_lines?: Array<{ price?: Money }>;
  financial_status?: string | null;
  fulfillment_status?: string | null;
  cancelled_at?: string | null;
  created_at?: string;
  updated_at?: string;
  customer?: { id?: number | string; email?: string | null; first_name?: string | null; last_name?: string | null } | null;
  line_items?: Array<{ product_id?: number | string | null; variant_id?: number | string | null; price?: Money; quantity?: number; total_discount?: Money }>;
  refunds?: ShopifyRefund[];
  discount_codes?: Array<{ code?: string }>;
  browser_ip?: string | null;
  shipping_address?: { address1?: string | null; address2?: string | null; zip?: string | null; country_code?: string | null } | null;
  payment_details?: { credit_card_bin?: string | null; credit_card_number?: string | null; credit_card_company?: string | null } | null;
}

/** The address, card and IP of an order, where Shopify sends them (referral fraud checks compare them). */
function shopifyFingerprints(payload: ShopifyOrder): Pick<NormalizedOrder, 'addressKey' | 'paymentFingerprint' | 'browserIp'> {
  const address = payload.shipping_address;
  const card = payload.payment_details;
  const key = address ? addressKey([address.address1, address.address2, address.zip, address.country_code]) : undefined;
  const last = card?.credit_card_number?.replace(/\D/g, '').slice(-4);
  const fingerprint = card?.credit_card_bin && last ? `${card.credit_card_company ?? ''}:${card.credit_card_bin}:${last}`.toLowerCase() : undefined;
  return {
    ...(key ? { addressKey: key } : {}),
    ...(fingerprint ? { paymentFingerprint: fingerprint } : {}),
    ...(payload.browser_ip ? { browserIp: payload.browser_ip } : {}),
  };
}

/** What the refunded line items counted (their subtotals, before tax), when the refund lists them. */
function shopifyRefundItems(refund: ShopifyRefund): number | undefined {
  const lines = refund.refund_line_items ?? [];
  return lines.length > 0 ? lines.reduce((sum, line) => sum + toMinor(line.subtotal), 0) : undefined;
}

const shopifyRefund = (refund: ShopifyRefund): OrderRefund => {
  const itemsMinor = shopifyRefundItems(refund);
  return { refundId: String(refund.id), amountMinor: shopifyRefundAmount(refund), ...(itemsMinor === undefined ? {} : { itemsMinor }) };
};

/** The refunded amount: successful refund transactions, else the refunded lines with their tax. */
function shopifyRefundAmount(refund: ShopifyRefund): number {
  const transactions = (refund.transactions ?? []).filter((t) => (t.kind ?? 'refund') === 'refund' && (t.status ?? 'success') === 'success');
  if (transactions.length > 0) return transactions.reduce((sum, t) => sum + toMinor(t.amount), 0);
  return (refund.refund_line_items ?? []).reduce((sum, line) => sum + toMinor(line.subtotal) + toMinor(line.total_tax), 0);
}

/** The order's amounts in its shop and presentment currencies, from Shopify's `*_set` fields. */
function shopifyCurrencyAmounts(payload: ShopifyOrder): Record<string, OrderAmounts> {
  const amounts: Record<string, OrderAmounts> = {};
  for (const side of ['shop_money', 'presentment_money'] as const) {
    const currency = payload.total_price_set?.[side]?.currency_code;
    if (!currency) continue;
    const of = (set: MoneySet | undefined) => toMinor(set?.[side]?.amount);
    amounts[currency.toUpperCase()] = {
      itemsMinor: of(payload.total_line_items_price_set),
      discountMinor: of(payload.total_discounts_set),
      shippingMinor: of(payload.total_shipping_price_set),
      taxMinor: of(payload.total_tax_set),
      totalMinor: of(payload.total_price_set),
    };
  }
  return amounts;
}

const PAID = new Set(['paid', 'partially_refunded', 'refunded']);

function shopifyOrder(payload: ShopifyOrder): NormalizedOrder {
  const financial = (payload.financial_status ?? 'pending').toLowerCase();
  const statuses = [financial];
  if (PAID.has(financial)) statuses.push('paid');
  if (payload.fulfillment_status) statuses.push(payload.fulfillment_status.toLowerCase());
  const items =
    payload.total_line_items_price !== undefined
      ? toMinor(payload.total_line_items_price)
      : (payload.line_items ?? []).reduce((sum, line) => sum + toMinor(line.price) * (line.quantity ?? 1), 0);
  const shipping =
    payload.total_shipping_price_set?.shop_money?.amount !== undefined
      ? toMinor(payload.total_shipping_price_set.shop_money.amount)
      : (payload.shipping_lines ?? []).reduce((sum, line) => sum + toMinor(line.price), 0);
  const customer = payload.customer;
  return {
    externalId: String(payload.id),
    number: payload.name ?? `#${payload.order_number ?? payload.id}`,
    customer:
      customer || payload.email
        ? {
            externalId: customer?.id !== undefined ? String(customer.id) : null,
            email: customer?.email ?? payload.email ?? null,
            firstName: customer?.first_name ?? '',
            lastName: customer?.last_name ?? '',
          }
        : null,
    currency: payload.currency ?? 'USD',
    itemsMinor: items,
    discountMinor: toMinor(payload.total_discounts),
    shippingMinor: shipping,
    taxMinor: toMinor(payload.total_tax),
    totalMinor: toMinor(payload.total_price),
    lines: (payload.line_items ?? []).map((line) => ({
      productId: String(line.product_id ?? ''),
      ...(line.variant_id === undefined || line.variant_id === null ? {} : { variantId: String(line.variant_id) }),
      collectionIds: [],
      amountMinor: toMinor(line.price) * (line.quantity ?? 1),
    })),
    statuses,
    cancelled: Boolean(payload.cancelled_at) || financial === 'voided',
    placedAt: payload.created_at ?? new Date(0).toISOString(),
    updatedAt: payload.updated_at ?? payload.created_at ?? '',
    discountCodes: (payload.discount_codes ?? []).map((discount) => discount.code ?? '').filter(Boolean),
    currencyAmounts: shopifyCurrencyAmounts(payload),
    ...shopifyFingerprints(payload),
    ...channelOf(payload.source_name),
  };
}

/** One Shopify webhook → what it says about its order, or null for a topic that moves no points. */
export function shopifyEvent(topic: string, payload: unknown): OrderEvent | null {
  const body = payload as ShopifyOrder & ShopifyRefund;
  if (topic === 'refunds/create') {
    if (body.order_id === undefined || body.id === undefined) return null;
    return { platform: 'shopify', orderExternalId: String(body.order_id), refunds: [shopifyRefund(body)] };
  }
  if (!(SHOPIFY_ORDER_TOPICS as readonly string[]).includes(topic) || body.id === undefined) return null;
  const refunds: OrderRefund[] = (body.refunds ?? []).map(shopifyRefund);
  return { platform: 'shopify', orderExternalId: String(body.id), order: shopifyOrder(body), refunds };
}
