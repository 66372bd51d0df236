import type { Db } from '../../server/db/connection.ts';
import type { NormalizedOrder } from '../../server/domain/orders/normalized.ts';

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
