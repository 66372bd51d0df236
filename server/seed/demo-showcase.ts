/**
 * The parts of the demo program a newcomer explores beyond points: a three-tier VIP ladder with the
 * members spread across it, referrals in each state (pending, completed, cancelled, blocked) with
 * an invitation, an order in another currency held for the merchant's approval, and receipts
 * waiting for review. Everything goes through the services the product itself calls, dated in the
 * recent past; the emails they announce are recorded as sent then (the seed never mails anyone).
 * The store's first member (the demo storefront's signed-in shopper) is left out of all of it.
 */
import type { Executor } from '../domain/ledger/index.ts';
import { reviewReceipt, submitReceipt } from '../modules/customers/index.ts';
import { applyOrderEvents } from '../modules/orders/index.ts';
import type { NormalizedOrder, OrderEvent } from '../domain/schemas/normalized-order.ts';
import { cancelReferral, claimFriendCoupon, recordVisit, referralCode, sendInvite } from '../modules/referrals/index.ts';
import { recordSeedEmailsSent } from '../modules/program/index.ts';
import { reevaluateTiers, storeTier } from '../modules/vip/index.ts';
import { tierBody } from '../modules/vip/contract.ts';

const DAY = 86_400_000;
/** customers measured and moved per step, as the VIP apply job does */
const TIER_BATCH = 1000;
/** a 1×1 PNG: what a shopper's photo of a receipt stands in for */
const RECEIPT_IMAGE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export interface DemoTier {
  name: string;
  /** lifetime points */
  threshold: number;
  description: string;
  multiplier?: number;
  birthdayBonus?: number;
  freeShipping?: boolean;
}

export interface DemoShowcase {
  tiers: readonly [DemoTier, DemoTier, DemoTier];
  /** the currency of the order held for approval (the store counts in USD) */
  foreignCurrency: string;
  /** who reviewed the seeded receipts and cancelled the seeded referral */
  staffName: string;
  /** prefix of the seeded orders' numbers, unique in the store */
  orderPrefix: string;
}

interface Cast {
  /** members with orders, after the store's first member */
  buyers: Array<{ id: number; email: string; first_name: string; last_name: string }>;
  /** members who never ordered: friends who may still take a referral coupon */
  newcomers: Array<{ id: number; email: string; first_name: string; last_name: string }>;
}

async function castOf(db: Executor, storeId: number): Promise<Cast> {
  const members = await db
    .selectFrom('customers as c')
    .select(['c.id', 'c.email', 'c.first_name', 'c.last_name'])
    .select((eb) => eb.exists(eb.selectFrom('orders as o').select('o.id').whereRef('o.customer_id', '=', 'c.id')).as('ordered'))
    .where('c.store_id', '=', storeId)
    .where('c.program_status', '=', 'member')
    .where('c.deleted_at', 'is', null)
    .orderBy('c.id')
    .execute();
  const rest = members.slice(1);
  return { buyers: rest.filter((member) => member.ordered), newcomers: rest.filter((member) => !member.ordered) };
}

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

/** The store's ladder, saved tier by tier, then every customer measured and moved as the apply job does. */
async function seedTiers(db: Executor, storeId: number, tiers: readonly DemoTier[], now: Date): Promise<void> {
  for (const tier of tiers) {
    const perks = [
      ...(tier.multiplier ? [{ kind: 'multiplier' as const, multiplier: tier.multiplier }] : []),
      ...(tier.birthdayBonus ? [{ kind: 'birthday_bonus' as const, points: tier.birthdayBonus }] : []),
      ...(tier.freeShipping ? [{ kind: 'free_shipping' as const }] : []),
    ];
    await storeTier(db, storeId, tierBody.parse({ name: tier.name, threshold: tier.threshold, description: tier.description, perks }), now);
  }
  const customers = await db.selectFrom('customers').select('id').where('store_id', '=', storeId).where('deleted_at', 'is', null).orderBy('id').execute();
  for (let start = 0; start < customers.length; start += TIER_BATCH) {
    const ids = customers.slice(start, start + TIER_BATCH).map((row) => row.id);
    await reevaluateTiers(db, storeId, ids, now, 'settings');
  }
}

/** A paid order of the neutral (custom) platform for a customer, as a webhook would bring it. */
function paidOrder(number: string, customer: Cast['buyers'][number], totalMinor: number, currency: string, at: Date): OrderEvent {
  const order: NormalizedOrder = {
    externalId: number,
    number,
    customer: { externalId: null, email: customer.email, firstName: customer.first_name, lastName: customer.last_name },
    currency,
    itemsMinor: totalMinor,
    discountMinor: 0,
    shippingMinor: 0,
    taxMinor: 0,
    totalMinor,
    lines: [],
    statuses: ['paid'],
    cancelled: false,
    placedAt: at.toISOString(),
    updatedAt: at.toISOString(),
  };
  return { platform: 'custom', orderExternalId: number, order };
}

/** A friend opens the referrer's link and takes the coupon with their e-mail (on the demo's made-up network). */
async function claim(db: Executor, storeId: number, referrerId: number, email: string, at: Date, ip: string) {
  const code = await referralCode(db, storeId, referrerId, at);
  const { visitor } = await recordVisit(db, storeId, { code, ip, device: null }, at);
  return claimFriendCoupon(db, storeId, { visitor, email, ip, device: null }, at);
}

/**
 * Referrals in each state: two completed (the friend's first order paid, the referrer rewarded), one
 * pending (coupon taken, no order yet), one cancelled by staff, one blocked for review (a disposable
 * mailbox), and an invitation e-mailed.
 */
async function seedReferrals(db: Executor, storeId: number, cast: Cast, showcase: DemoShowcase, now: Date): Promise<void> {
  const [first, second, third, fourth, fifth, sixth] = cast.buyers.slice(-6);
  const friends = cast.newcomers.slice(-4);
  if (!first || !second || !third || !fourth || !fifth || !sixth || friends.length < 4) return;
  const [friendA, friendB, friendC, friendD] = friends as [
    Cast['newcomers'][number],
    Cast['newcomers'][number],
    Cast['newcomers'][number],
    Cast['newcomers'][number],
  ];
  for (const [index, [referrer, friend, claimedDaysAgo]] of (
    [
      [first, friendA, 46],
      [second, friendB, 21],
    ] as const
  ).entries()) {
    await claim(db, storeId, referrer.id, friend.email, daysAgo(now, claimedDaysAgo), `203.0.113.${10 + index}`);
    const at = daysAgo(now, claimedDaysAgo - 2);
    await applyOrderEvents(db, storeId, [paidOrder(`${showcase.orderPrefix}-R${index + 1}`, friend, 4_800 + index * 2_650, 'USD', at)], at);
  }
  await claim(db, storeId, third.id, friendC.email, daysAgo(now, 4), '203.0.113.20');
  const cancelled = await claim(db, storeId, fourth.id, friendD.email, daysAgo(now, 30), '203.0.113.21');
  if (cancelled.ok) await cancelReferral(db, storeId, cancelled.referralId, 'the friend asked not to join', showcase.staffName, daysAgo(now, 27));
  await claim(db, storeId, fifth.id, `deals.${storeId}@mailinator.com`, daysAgo(now, 2), '198.51.100.7');
  await sendInvite(db, storeId, sixth.id, `${sixth.first_name.toLowerCase()}.friend.${storeId}@example.org`, daysAgo(now, 3));
}

/** A member's order in another currency: its points wait for the merchant's approval (never converted 1:1). */
async function seedHeldOrder(db: Executor, storeId: number, cast: Cast, showcase: DemoShowcase, now: Date): Promise<void> {
  const buyer = cast.buyers[Math.floor(cast.buyers.length / 2)];
  if (!buyer) return;
  const at = daysAgo(now, 1);
  await applyOrderEvents(db, storeId, [paidOrder(`${showcase.orderPrefix}-X1`, buyer, 8_650, showcase.foreignCurrency, at)], at);
}

/** Receipts shoppers sent from the shop's till: three waiting for review, one approved and one rejected by staff. */
async function seedReceipts(db: Executor, storeId: number, cast: Cast, showcase: DemoShowcase, now: Date): Promise<void> {
  const senders = cast.buyers.slice(0, 5);
  const sent = [];
  for (const [index, sender] of senders.entries()) {
    const at = daysAgo(now, 6 - index);
    const image = { fileName: `receipt-${index + 1}.png`, mime: 'image/png', content: RECEIPT_IMAGE };
    const purchasedOn = daysAgo(now, 7 - index)
      .toISOString()
      .slice(0, 10);
    sent.push(await submitReceipt(db, storeId, sender.id, { amountMinor: 1_850 + index * 1_175, purchasedOn, note: 'Bought in the shop', image }, at));
  }
  const [approved, rejected] = sent;
  if (approved) await reviewReceipt(db, storeId, Number(approved.id), { approve: true }, showcase.staffName, daysAgo(now, 1));
  if (rejected)
    await reviewReceipt(db, storeId, Number(rejected.id), { approve: false, reason: 'The photo does not show the total' }, showcase.staffName, daysAgo(now, 1));
}

/** Seeds the showcase of one demo store (after its program and history). */
export async function seedShowcase(db: Executor, storeId: number, showcase: DemoShowcase, now: Date): Promise<void> {
  await seedTiers(db, storeId, showcase.tiers, now);
  const cast = await castOf(db, storeId);
  await seedReferrals(db, storeId, cast, showcase, now);
  await seedHeldOrder(db, storeId, cast, showcase, now);
  await seedReceipts(db, storeId, cast, showcase, now);
  await recordSeedEmailsSent(db, storeId);
}
