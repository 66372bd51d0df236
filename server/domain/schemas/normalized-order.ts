/**
 * A platform order in one neutral shape (Shopify, BigCommerce and the neutral format map into it).
 * Every area that reads orders (the orders' processing, the earning rules, referrals, tiers) shares
 * it from here, below them all, so none of them imports another for it.
 */
export interface OrderCustomer {
  externalId: string | null;
  email: string | null;
  firstName: string;
  lastName: string;
}

export interface OrderLine {
  productId: string;
  collectionIds: string[];
  variantId?: string;
  /** the product's tags (from the catalogue) */
  tags?: string[];
  /** line total before order-level discounts, minor units */
  amountMinor: number;
}

/** The money of an order in one currency. */
export type OrderAmounts = Pick<NormalizedOrder, 'itemsMinor' | 'discountMinor' | 'shippingMinor' | 'taxMinor' | 'totalMinor'>;

/** The `channel` of a normalised order from what the platform sent: trimmed, lower case, at most 100 characters; none when empty. */
export const channelOf = (value: string | null | undefined): { channel?: string } => {
  const channel = value?.trim().toLowerCase().slice(0, 100);
  return channel ? { channel } : {};
};

export interface NormalizedOrder {
  externalId: string;
  /** shown to people, e.g. "#1001" */
  number: string;
  customer: OrderCustomer | null;
  currency: string;
  itemsMinor: number;
  discountMinor: number;
  shippingMinor: number;
  taxMinor: number;
  totalMinor: number;
  lines: OrderLine[];
  /** platform statuses this event shows, lower case (financial and fulfilment), e.g. ["paid"] */
  statuses: string[];
  cancelled: boolean;
  placedAt: string;
  /** the platform's last change, ISO; the newest body wins when events arrive out of order */
  updatedAt: string;
  /** discount codes applied at checkout (a reward's coupon code marks the reward used) */
  discountCodes?: string[];
  /** the shipping address, normalised (lower case, spaces folded), for referral fraud checks */
  addressKey?: string;
  /** what identifies the means of payment where the platform says it (card BIN, last digits, brand) */
  paymentFingerprint?: string;
  /** the shopper's IP address as the platform saw it */
  browserIp?: string;
  /** the sales channel the platform named, lower case (Shopify's source_name, BigCommerce's order_source) */
  channel?: string;
  /** the same amounts in other currencies, as the platform sent them (Shopify's shop and presentment money) */
  currencyAmounts?: Record<string, OrderAmounts>;
}

/**
 * The order in `currency`: itself, or its amounts as the platform sent them in that currency
 * (lines scaled alike, the order's own currency kept in `originalCurrency`); null when the
 * platform sent no amounts in it (never a silent 1:1).
 */
export function inCurrency(order: NormalizedOrder, currency: string): (NormalizedOrder & { originalCurrency?: string }) | null {
  if ((order.currency ?? 'USD').toUpperCase() === currency.toUpperCase()) return order;
  const amounts = Object.entries(order.currencyAmounts ?? {}).find(([code]) => code.toUpperCase() === currency.toUpperCase())?.[1];
  if (!amounts) return null;
  const ratio = order.itemsMinor > 0 ? amounts.itemsMinor / order.itemsMinor : 0;
  const lines = order.lines.map((line) => ({ ...line, amountMinor: Math.round(line.amountMinor * ratio) }));
  return { ...order, ...amounts, lines, currency: currency.toUpperCase(), originalCurrency: order.currency };
}

export interface OrderRefund {
  refundId: string;
  amountMinor: number;
  /** what the refunded line items counted (before tax), when the platform lists them */
  itemsMinor?: number;
}

/** What one webhook or import row says about one order. */
export interface OrderEvent {
  platform: string;
  orderExternalId: string;
  order?: NormalizedOrder;
  refunds?: OrderRefund[];
}

/** Decimal money string ("54.20") → integer minor units, exactly. */
export function toMinor(value: string | number | null | undefined, digits = 2): number {
  if (value === null || value === undefined || value === '') return 0;
  const text = typeof value === 'number' ? value.toFixed(digits) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`Not an amount: ${text}`);
  const fraction = (match[3] ?? '').padEnd(digits, '0').slice(0, digits);
  const minor = Number(match[2]) * 10 ** digits + Number(fraction || '0');
  return match[1] === '-' ? -minor : minor;
}

export function formatMoney(minor: number, currency: string): string {
  const format = moneyFormat(currency);
  return format ? format.format(minor / 100) : `${(minor / 100).toFixed(2)} ${currency}`;
}

/** One formatter per currency (making one costs more than formatting an order's ledger text); null for a code Intl refuses. */
const moneyFormats = new Map<string, Intl.NumberFormat | null>();
function moneyFormat(currency: string): Intl.NumberFormat | null {
  let format = moneyFormats.get(currency);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      format = null;
    }
    // codes come from platforms' payloads: bounded, as a stray one must not grow the map for ever
    if (moneyFormats.size < 500) moneyFormats.set(currency, format);
  }
  return format;
}

/** An address as one comparable string: its parts lower case, spaces folded; undefined when empty. */
export function addressKey(parts: Array<string | null | undefined>): string | undefined {
  const key = parts
    .map((part) => (part ?? '').toLowerCase().replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('|');
  return key || undefined;
}
