import { randomBytes } from 'node:crypto';
import { programWords } from '../stores/index.ts';
import { sql } from 'kysely';
import { json } from '../../db/normalize.ts';
import { customersOf } from '../../db/customer-lookups.ts';
import { type QueuedEmail, queueEmails } from '../emails/index.ts';
import { credit, inTransaction, type Executor } from '../../domain/ledger/index.ts';
import type { NormalizedOrder } from '../../domain/schemas/normalized-order.ts';
import { couponCode } from '../rules/index.ts';
import { queueFriendCode, queueRewardCode, type GivenCode } from '../platforms/index.ts';
import { reevaluateTiers } from '../vip/index.ts';
import type { ReferralSettings } from './contract.ts';
import { claimFlags, orderFlags, reasonOf } from './fraud.ts';
import { NOT_COMPLETED, ReferralError, referralCode, referralLink, referrerOfCode } from './links.ts';
import type { ReferralOffer } from '../../../renderers/context.ts';
import { describeReferralReward, readReferralSettings, referralOffer } from './settings.ts';
import type { FriendReward, Referral } from './tables.ts';

const DAY = 86_400_000;
const VISITOR = /^[A-Za-z0-9_-]{16,64}$/;

async function storeTerms(db: Executor, storeId: number) {
  const store = await db.selectFrom('stores').select(['settings', 'website', 'domain']).where('id', '=', storeId).executeTakeFirstOrThrow();
  const words = programWords(store.settings);
  return {
    currency: words.currency,
    words,
    origin: store.website || (store.domain ? `https://${store.domain}` : ''),
  };
}

/** A friend coupon as the shop's discounts must hold it. */
const friendCodeOf = (storeId: number, code: string, reward: FriendReward, customerId: number | null): GivenCode => ({
  storeId,
  code,
  title: reward.title,
  discountType: reward.type,
  discountValue: reward.value,
  config: {},
  expiresAt: reward.expires_at ? new Date(reward.expires_at) : null,
  customerId,
});

async function enabledSettings(db: Executor, storeId: number): Promise<ReferralSettings> {
  const settings = await readReferralSettings(db, storeId);
  if (!settings.enabled) throw new ReferralError(404, 'Referrals are not open in this store.', 'referrals_closed');
  return settings;
}

export interface VisitAnswer {
  visitor: string;
  expires_at: string;
  referrer_name: string;
  /** what the friend gets, as figures the storefront words in the shopper's language (a $5 off coupon) */
  offer: ReferralOffer;
  min_order_minor: number;
}

/**
 * A visit through a referral link: remembered for the settings' days under the visitor's token.
 * First touch wins: while the visitor's first visit is valid, other links change nothing.
 */
export async function recordVisit(
  db: Executor,
  storeId: number,
  input: { code: string; visitor?: string; ip: string | null; device: string | null },
  now: Date,
): Promise<VisitAnswer> {
  const settings = await enabledSettings(db, storeId);
  const referrer = await referrerOfCode(db, storeId, input.code);
  const visitor = input.visitor && VISITOR.test(input.visitor) ? input.visitor : randomBytes(18).toString('base64url');
  const expires = new Date(now.getTime() + settings.visit_days * DAY);
  await db
    .insertInto('referral_visits')
    .values({ store_id: storeId, visitor, referrer_id: referrer.id, ip: input.ip, device: input.device, created_at: now, expires_at: expires })
    .onConflict((oc) =>
      oc
        .columns(['store_id', 'visitor'])
        .doUpdateSet({ referrer_id: referrer.id, ip: input.ip, device: input.device, created_at: now, expires_at: expires })
        // first touch wins: an unexpired visit is kept as it is
        .where('referral_visits.expires_at', '<=', now),
    )
    .execute();
  const visit = await db
    .selectFrom('referral_visits')
    .innerJoin('customers', 'customers.id', 'referral_visits.referrer_id')
    .select(['referral_visits.expires_at', 'customers.first_name'])
    .where('referral_visits.store_id', '=', storeId)
    .where('referral_visits.visitor', '=', visitor)
    .executeTakeFirstOrThrow();
  return {
    visitor,
    expires_at: visit.expires_at.toISOString(),
    referrer_name: visit.first_name,
    offer: referralOffer(settings.friend_reward),
    min_order_minor: settings.friend_min_order_minor,
  };
}

/** A claim's answer; `offer` as the visit's: figures the storefront words. */
export type ClaimAnswer = { ok: true; referralId: number; code: string; offer: ReferralOffer; expires_at: string | null } | { ok: false; message: string };

/**
 * The friend takes the coupon with their e-mail: once per e-mail. Fraud flags keep the referral
 * (state `blocked`, reason recorded) and no coupon is issued; the shopper reads only NOT_COMPLETED.
 */
export async function claimFriendCoupon(
  db: Executor,
  storeId: number,
  input: { visitor: string; email: string; ip: string | null; device: string | null },
  now: Date,
): Promise<ClaimAnswer> {
  const settings = await enabledSettings(db, storeId);
  const email = input.email.trim().toLowerCase();
  return inTransaction(db, async (trx) => {
    const visit = await trx
      .selectFrom('referral_visits')
      .innerJoin('customers', 'customers.id', 'referral_visits.referrer_id')
      .select(['customers.id', 'customers.email'])
      .where('referral_visits.store_id', '=', storeId)
      .where('referral_visits.visitor', '=', input.visitor)
      .where('referral_visits.expires_at', '>', now)
      .executeTakeFirst();
    if (!visit) throw new ReferralError(404, 'This referral link has expired or is not valid: open it again.', 'referral_visit_unknown');
    const taken = await trx.selectFrom('referrals').select('id').where('store_id', '=', storeId).where('friend_email', '=', email).executeTakeFirst();
    if (taken) throw new ReferralError(409, 'This e-mail address already took its friend coupon.', 'friend_coupon_taken');
    const customer = await trx.selectFrom('customers').select('id').where('store_id', '=', storeId).where('email', '=', email).executeTakeFirst();
    if (customer) {
      const ordered = await trx
        .selectFrom('orders')
        .select('id')
        .where('store_id', '=', storeId)
        .where('customer_id', '=', customer.id)
        .limit(1)
        .executeTakeFirst();
      if (ordered && customer.id !== visit.id) throw new ReferralError(422, 'This offer is for new customers.', 'not_a_new_customer');
    }
    const flags = await claimFlags(trx, storeId, { email, referrerEmail: visit.email, ip: input.ip, device: input.device }, settings, now);
    const { currency } = await storeTerms(trx, storeId);
    const expires = settings.coupon_expiry_days ? new Date(now.getTime() + settings.coupon_expiry_days * DAY).toISOString() : null;
    const reward: FriendReward = {
      type: settings.friend_reward.type,
      value: settings.friend_reward.value,
      title: describeReferralReward(settings.friend_reward, currency),
      expires_at: expires,
    };
    const code = flags.length === 0 ? couponCode('REF') : null;
    const row = await trx
      .insertInto('referrals')
      .values({
        store_id: storeId,
        referrer_id: visit.id,
        friend_email: email,
        friend_customer_id: customer?.id ?? null,
        friend_code: code,
        friend_reward: json(code ? reward : {}),
        state: flags.length === 0 ? 'pending' : 'blocked',
        reason: flags.length === 0 ? null : reasonOf(flags),
        flags: json(flags),
        ip: input.ip,
        device: input.device,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['store_id', 'friend_email']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new ReferralError(409, 'This e-mail address already took its friend coupon.', 'friend_coupon_taken');
    if (!code) return { ok: false, message: NOT_COMPLETED };
    await queueFriendCode(trx, row.id, friendCodeOf(storeId, code, reward, customer?.id ?? null), now);
    return { ok: true, referralId: row.id, code, offer: referralOffer(settings.friend_reward), expires_at: expires };
  });
}

/**
 * The referral whose friend coupon `code` the visitor took (the visit's referrer made it): the
 * visitor's browser asks how the shop stands with it. Anything else is not found.
 */
export async function friendCouponReferral(db: Executor, storeId: number, visitor: string, code: string): Promise<number> {
  const row = await db
    .selectFrom('referrals')
    .innerJoin('referral_visits', (join) =>
      join.onRef('referral_visits.referrer_id', '=', 'referrals.referrer_id').onRef('referral_visits.store_id', '=', 'referrals.store_id'),
    )
    .select('referrals.id')
    .where('referrals.store_id', '=', storeId)
    .where('referrals.friend_code', '=', code)
    .where('referral_visits.visitor', '=', visitor)
    .executeTakeFirst();
  if (!row) throw new ReferralError(404, 'This coupon is not known here.', 'friend_coupon_unknown');
  return row.id;
}

/** A member invites a friend by e-mail: the "Referral Sent" email with their link, once per friend. */
export async function sendInvite(db: Executor, storeId: number, referrerId: number, friendEmail: string, now: Date): Promise<{ sent: boolean }> {
  const settings = await enabledSettings(db, storeId);
  const email = friendEmail.trim().toLowerCase();
  return inTransaction(db, async (trx) => {
    const referrer = await trx
      .selectFrom('customers')
      .select(['first_name', 'last_name', 'email', 'locale'])
      .where('id', '=', referrerId)
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow();
    if (referrer.email.toLowerCase() === email) throw new ReferralError(422, 'Enter a friend’s e-mail address, not your own.', 'own_email');
    const invite = await trx
      .insertInto('referral_invites')
      .values({ store_id: storeId, referrer_id: referrerId, friend_email: email, created_at: now })
      .onConflict((oc) => oc.columns(['store_id', 'referrer_id', 'friend_email']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!invite) return { sent: false };
    const terms = await storeTerms(trx, storeId);
    const link = referralLink(terms.origin, await referralCode(trx, storeId, referrerId, now));
    const data = {
      referrer_name: `${referrer.first_name} ${referrer.last_name}`.trim() || referrer.email,
      referral_link: link,
      referral_reward: { offer: referralOffer(settings.friend_reward) },
    };
    // in the friend's own language when the store knows them, else in the inviting member's
    const friend = await trx.selectFrom('customers').select('locale').where('store_id', '=', storeId).where('email', '=', email).executeTakeFirst();
    const language = friend?.locale ?? referrer.locale;
    await queueEmails(trx, [{ storeId, customerId: null, key: 'referral-received', eventKey: `referral-invite:${invite.id}`, to: email, data, language }], now);
    return { sent: true };
  });
}

/**
 * One platform order as the referrals read it: the orders' merged state of it (their `order_states`
 * row) and whether a refund of it was claimed. The orders hand these over; the referrals never
 * read the orders' own tables or code.
 */
export interface ReferralOrder {
  platform: string;
  external_id: string;
  customer_id: number | null;
  /** the order body has been seen */
  known: boolean;
  cancelled: boolean;
  data: Partial<NormalizedOrder>;
  /** the platform says some of it was refunded */
  refunded: boolean;
}

const orderKeyOf = (state: ReferralOrder) => `${state.platform}:${state.external_id}`;

/**
 * The referral side of a batch of order events, inside the order's ledger transaction: a pending
 * referral's friend (by e-mail or by the friend coupon's code) placing a first qualifying paid
 * order starts the pending window (or completes at once); a refund or cancellation inside the
 * window cancels it. The referral row is locked and its order recorded once, so replays write
 * nothing new.
 */
export async function settleReferralOrders(trx: Executor, storeId: number, states: ReferralOrder[], now: Date): Promise<void> {
  const known = states.filter((state) => state.known && state.customer_id !== null);
  if (known.length === 0) return;
  await completeDueReferrals(trx, now, { storeId });
  const customerIds = [...new Set(known.map((state) => state.customer_id!))];
  const { rows: customers } = await customersOf<{ id: number; email: string }>(storeId, 'id', customerIds, ['id', 'email']).execute(trx);
  const emails = new Map(customers.map((row) => [row.id, row.email.toLowerCase()]));
  const codes = [...new Set(known.flatMap((state) => ((state.data as NormalizedOrder).discountCodes ?? []).map((code) => code.toUpperCase())))];
  const orderKeys = known.map(orderKeyOf);
  const candidates = await trx
    .selectFrom('referrals')
    .selectAll()
    .where('store_id', '=', storeId)
    .where((eb) =>
      eb.or([eb('friend_email', 'in', [...emails.values()]), eb('order_key', 'in', orderKeys), ...(codes.length > 0 ? [eb('friend_code', 'in', codes)] : [])]),
    )
    .where('state', 'in', ['pending', 'blocked'])
    .orderBy('id')
    .forUpdate()
    .execute();
  if (candidates.length === 0) return;
  const settings = await readReferralSettings(trx, storeId);
  for (const state of known) {
    const order = state.data as NormalizedOrder;
    const key = orderKeyOf(state);
    const refunded = state.refunded;
    const cancelled = state.cancelled || order.cancelled;
    // the window's end: a refund or cancellation of the referred order inside it cancels the referral
    const attached = candidates.find((referral) => referral.order_key === key);
    if (attached) {
      if ((refunded || cancelled) && attached.state === 'pending') {
        await setState(trx, attached, 'cancelled', `order ${order.number} was ${cancelled ? 'cancelled' : 'refunded'} within the pending window`, now);
      }
      continue;
    }
    const email = emails.get(state.customer_id!);
    const orderCodes = new Set((order.discountCodes ?? []).map((code) => code.toUpperCase()));
    const referral = candidates.find(
      (candidate) =>
        candidate.order_key === null && (candidate.friend_email === email || (candidate.friend_code !== null && orderCodes.has(candidate.friend_code))),
    );
    if (!referral) continue;
    const paid = (order.statuses ?? []).includes('paid');
    if (!paid || cancelled || refunded || (order.totalMinor ?? 0) < settings.friend_min_order_minor) continue;
    const flags = await orderFlags(trx, referral, order, state.customer_id);
    const allFlags = [...new Set([...(referral.flags ?? []), ...flags])];
    const completesAt = new Date(now.getTime() + settings.pending_days * DAY);
    const blocked = referral.state === 'blocked' || flags.length > 0;
    const updated = await trx
      .updateTable('referrals')
      .set({
        order_key: key,
        order_number: order.number,
        order_total_minor: Math.max(0, order.totalMinor ?? 0),
        order_currency: order.currency ?? 'USD',
        friend_customer_id: state.customer_id,
        completes_at: completesAt,
        state: blocked ? 'blocked' : 'pending',
        reason: blocked ? reasonOf(allFlags) || referral.reason : null,
        flags: json(allFlags),
        updated_at: now,
      })
      .where('id', '=', referral.id)
      .where('order_key', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!updated) continue;
    referral.order_key = key;
    if (!blocked && settings.pending_days === 0) await completeReferral(trx, updated, settings, now);
  }
}

async function setState(trx: Executor, referral: Referral, state: Referral['state'], reason: string | null, now: Date): Promise<Referral> {
  const row = await trx.updateTable('referrals').set({ state, reason, updated_at: now }).where('id', '=', referral.id).returningAll().executeTakeFirstOrThrow();
  referral.state = row.state;
  return row;
}

/**
 * Completes a pending referral with a recorded order: rewards the referrer once (points, or a
 * coupon with a 0-point entry it hangs on), unless they reached the store's limit, counts it on the
 * referrer and queues the "Referral Completed" email, all in the caller's transaction.
 */
async function completeReferral(trx: Executor, referral: Referral, settings: ReferralSettings, now: Date): Promise<void> {
  if (referral.state !== 'pending' || referral.order_key === null) return;
  const rewarded = await trx
    .selectFrom('referrals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('store_id', '=', referral.store_id)
    .where('referrer_id', '=', referral.referrer_id)
    .where('reward_entry_id', 'is not', null)
    .executeTakeFirstOrThrow();
  const terms = await storeTerms(trx, referral.store_id);
  const limit = settings.max_rewards_per_referrer;
  let entryId: number | null = null;
  let rewardCode = '';
  const reward = settings.referrer_reward;
  const description = describeReferralReward(reward, terms.currency, terms.words);
  if (limit === null || Number(rewarded.n) < limit) {
    const { entry, duplicate } = await credit(
      trx,
      {
        storeId: referral.store_id,
        customerId: referral.referrer_id,
        type: 'referral_reward',
        points: reward.type === 'points' ? reward.value : 0,
        sourceType: 'referral',
        sourceId: String(referral.id),
        ruleKey: 'referrer',
        computation: `referral of ${referral.friend_email}: order ${referral.order_number ?? ''} paid → ${description}`,
        metadata: { referral_id: referral.id, reward: reward.type, value: reward.value },
      },
      now,
    );
    entryId = entry.id;
    // points count towards the referrer's tier: they may move up now, not at their next order
    if (reward.type === 'points' && !duplicate) await reevaluateTiers(trx, referral.store_id, [referral.referrer_id], now);
    if (reward.type !== 'points' && !duplicate) {
      rewardCode = couponCode('REF');
      const coupon = await trx
        .insertInto('rewards')
        .values({
          store_id: referral.store_id,
          customer_id: referral.referrer_id,
          redeem_rule_id: null,
          entry_id: entry.id,
          code: rewardCode,
          title: `Referral reward: ${description}`,
          discount_type: reward.type,
          discount_value: reward.value,
          points_spent: 0,
          config: json({}),
          expires_at: settings.coupon_expiry_days ? new Date(now.getTime() + settings.coupon_expiry_days * DAY) : null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await queueRewardCode(trx, coupon, now);
    }
  }
  const reason = entryId === null ? `the referrer reached the limit of ${limit} referral rewards` : null;
  await trx
    .updateTable('referrals')
    .set({ state: 'completed', completed_at: now, reward_entry_id: entryId, reason, updated_at: now })
    .where('id', '=', referral.id)
    .execute();
  referral.state = 'completed';
  const referrer = await trx
    .updateTable('customers')
    .set({ referral_count: sql`referral_count + 1` })
    .where('id', '=', referral.referrer_id)
    .returning(['email', 'referral_count'])
    .executeTakeFirstOrThrow();
  if (entryId === null || !referrer.email) return;
  const email: QueuedEmail = {
    storeId: referral.store_id,
    customerId: referral.referrer_id,
    key: 'referral-completed',
    eventKey: `referral:${referral.id}:completed`,
    to: referrer.email,
    data: { referrals_earned: { count: referrer.referral_count }, referral_reward: { offer: referralOffer(reward) }, reward_code: rewardCode },
  };
  await queueEmails(trx, [email], now);
}

/** Completes pending referrals whose window passed (the maintenance job for everyone; reads for one store). Idempotent. */
export async function completeDueReferrals(db: Executor, now: Date, scope: { storeId?: number } = {}): Promise<number> {
  let query = db
    .selectFrom('referrals')
    .select(['id', 'store_id'])
    .where('state', '=', 'pending')
    .where('order_key', 'is not', null)
    .where('completes_at', '<=', now);
  if (scope.storeId !== undefined) query = query.where('store_id', '=', scope.storeId);
  const due = await query.orderBy('id').limit(1000).execute();
  let done = 0;
  for (const { id, store_id: storeId } of due) {
    await inTransaction(db, async (trx) => {
      const referral = await trx.selectFrom('referrals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!referral || referral.state !== 'pending' || !referral.completes_at || referral.completes_at > now) return;
      await completeReferral(trx, referral, await readReferralSettings(trx, storeId), now);
      done += 1;
    });
  }
  return done;
}

async function lockReferral(trx: Executor, storeId: number, id: number): Promise<Referral> {
  const referral = await trx.selectFrom('referrals').selectAll().where('id', '=', id).where('store_id', '=', storeId).forUpdate().executeTakeFirst();
  if (!referral) throw new ReferralError(404, 'Referral not found.', 'not_found');
  return referral;
}

/** The console cancels a pending or blocked referral (no reward); a completed one stays completed. */
export async function cancelReferral(db: Executor, storeId: number, id: number, reason: string | null, by: string, now: Date): Promise<Referral> {
  return inTransaction(db, async (trx) => {
    const referral = await lockReferral(trx, storeId, id);
    if (referral.state === 'cancelled') return referral;
    if (referral.state === 'completed')
      throw new ReferralError(409, 'This referral is completed: its reward was given and it cannot be cancelled.', 'referral_completed');
    return setState(trx, referral, 'cancelled', `cancelled by ${by}${reason ? `: ${reason}` : ''}`, now);
  });
}

/**
 * The console approves a referral held for review: it goes on as if never flagged — a coupon is
 * issued to a friend who had none, and a referral whose order was recorded completes when its window passed.
 */
export async function unblockReferral(db: Executor, storeId: number, id: number, by: string, now: Date): Promise<Referral> {
  return inTransaction(db, async (trx) => {
    const referral = await lockReferral(trx, storeId, id);
    if (referral.state !== 'blocked')
      throw new ReferralError(409, `Only a blocked referral can be unblocked; this one is ${referral.state}.`, 'referral_not_blocked');
    const settings = await readReferralSettings(trx, storeId);
    const { currency } = await storeTerms(trx, storeId);
    const code = referral.friend_code ?? couponCode('REF');
    const reward: FriendReward = {
      type: settings.friend_reward.type,
      value: settings.friend_reward.value,
      title: describeReferralReward(settings.friend_reward, currency),
      expires_at: settings.coupon_expiry_days ? new Date(now.getTime() + settings.coupon_expiry_days * DAY).toISOString() : null,
    };
    const row = await trx
      .updateTable('referrals')
      .set({
        state: 'pending',
        reason: `approved by ${by} (${referral.reason ?? 'held for review'})`,
        friend_code: code,
        ...(referral.friend_code ? {} : { friend_reward: json(reward) }),
        updated_at: now,
      })
      .where('id', '=', referral.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (!referral.friend_code) await queueFriendCode(trx, row.id, friendCodeOf(storeId, code, reward, row.friend_customer_id), now);
    if (row.order_key !== null && (row.completes_at === null || row.completes_at <= now)) await completeReferral(trx, row, settings, now);
    return trx.selectFrom('referrals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  });
}
