import { earningRuleBody } from '../../server/contract/points.ts';
import type { Db } from '../../server/db/connection.ts';
import { createEarningRule } from '../../server/modules/rules/index.ts';
import type { NormalizedOrder } from '../../server/domain/schemas/normalized-order.ts';

/** A paid order in the neutral shape: `cents` of items and nothing else, in USD unless told. */
export function paidOrder(id: string, email: string, cents: number, extra: Partial<NormalizedOrder> = {}): NormalizedOrder {
  return {
    externalId: id,
    number: `#${id}`,
    customer: { externalId: null, email, firstName: 'R', lastName: 'B' },
    currency: 'USD',
    itemsMinor: cents,
    discountMinor: 0,
    shippingMinor: 0,
    taxMinor: 0,
    totalMinor: cents,
    lines: [],
    statuses: ['paid'],
    cancelled: false,
    placedAt: '2026-03-01T00:00:00Z',
    updatedAt: '2026-03-01T00:00:01Z',
    ...extra,
  };
}

/** How many stored webhook deliveries no runner has processed yet (a burst is done at 0). */
export async function unprocessedWebhooks(db: Db): Promise<number> {
  const row = await db
    .selectFrom('webhook_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('processed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A custom-platform store (webhook secret `s`) whose order rule earns 1 point per currency unit. */
export async function storeWithOrderRule(db: Db, name: string): Promise<number> {
  const store = await db
    .insertInto('stores')
    .values({ title: name, platform: 'custom', store_name: name, domain: null, website: null, hmac_secret: 's', access_token: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await createEarningRule(db, store.id, earningRuleBody.parse({ type: 'order', title: 'Order', points: 1 }), new Date());
  return store.id;
}

/** The body of a platform-neutral `order.paid` webhook: `cents` of items, paid by `email`. */
export const neutralOrderPaidBody = (eventId: string, orderId: string, email: string, cents: number) => ({
  event_id: eventId,
  type: 'order.paid',
  order: {
    id: orderId,
    currency: 'USD',
    status: 'paid',
    cancelled: false,
    amounts: { items: cents, discounts: 0, shipping: 0, tax: 0, total: cents },
    lines: [],
    customer: { email, first_name: '', last_name: '' },
    placed_at: '2026-03-01T00:00:00Z',
  },
});

/** A neutral `order.paid` (event `evt-<n>`, order `o<n>`) as if received, to persist. */
export const neutralOrderPaid = (storeId: number, n: number, email: string, cents: number) => ({
  storeId,
  platform: 'custom',
  topic: 'order.paid',
  eventKey: `evt-${n}`,
  payload: neutralOrderPaidBody(`evt-${n}`, `o${n}`, email, cents),
});
