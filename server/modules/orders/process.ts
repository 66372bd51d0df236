import { sql } from 'kysely';
import { json } from '../../db/normalize.ts';
import {
  appendEntries,
  creditMany,
  debit,
  inTransaction,
  isReleased,
  lockAccount,
  netPending,
  HELD_UNTIL,
  type CreditInput,
  type Executor,
  type LedgerEntry,
} from '../../domain/ledger/index.ts';
import { activeOrderRules, type EarningRule, limitRefusal, orderConfig, orderEarn, storeExpiryDays } from '../rules/index.ts';
import { storeCurrency } from '../stores/index.ts';
import { customerEmail, resolveCustomers } from './customers.ts';
import { inCurrency, type NormalizedOrder, type OrderEvent } from '../../domain/schemas/normalized-order.ts';
import { claimedRefund, refundClawback, type RefundRecord } from './refunds.ts';
import type { OrderState } from './tables.ts';
import { pointsEarnedEmails, type QueuedEmail, queueEmails } from '../emails/index.ts';
import { productFacts } from '../products/index.ts';
import { settleReferralOrders } from '../referrals/index.ts';
import { loadLadder, movesBeforeEarn, multipliersOf, reevaluateTiers } from '../vip/index.ts';

const DAY = 86_400_000;

interface MergedOrder {
  platform: string;
  externalId: string;
  order: NormalizedOrder | undefined;
  statuses: Set<string>;
  cancelled: boolean;
  refunds: Record<string, RefundRecord>;
}

function emailOf(order: MergedOrder): string | null {
  return customerEmail(order.platform, order.order?.customer ?? null);
}

const orderKey = (platform: string, externalId: string) => `${platform}:${externalId}`;

/** Folds the events of one batch per order: the newest body, every status seen, every refund. */
function mergeEvents(events: OrderEvent[]): MergedOrder[] {
  const merged = new Map<string, MergedOrder>();
  for (const event of events) {
    const key = orderKey(event.platform, event.orderExternalId);
    const entry = merged.get(key) ?? {
      platform: event.platform,
      externalId: event.orderExternalId,
      order: undefined,
      statuses: new Set<string>(),
      cancelled: false,
      refunds: {},
    };
    if (event.order) {
      if (!entry.order || event.order.updatedAt >= entry.order.updatedAt) entry.order = event.order;
      for (const status of event.order.statuses) entry.statuses.add(status);
      entry.cancelled ||= event.order.cancelled;
    }
    for (const refund of event.refunds ?? [])
      entry.refunds[refund.refundId] = refund.itemsMinor === undefined ? refund.amountMinor : { amount: refund.amountMinor, items: refund.itemsMinor };
    merged.set(key, entry);
  }
  return [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, value]) => value);
}

/** Order lines get their product's collections and tags from the catalogue (platforms send product ids only). */
async function addCatalogueFacts(trx: Executor, storeId: number, orders: MergedOrder[]): Promise<void> {
  const facts = await productFacts(
    trx,
    storeId,
    orders.flatMap((entry) => entry.order?.lines.map((line) => line.productId) ?? []),
  );
  if (facts.size === 0) return;
  for (const entry of orders) {
    if (!entry.order) continue;
    const lines = entry.order.lines.map((line) => {
      const known = facts.get(line.productId);
      return known ? { ...line, collectionIds: [...new Set([...line.collectionIds, ...known.collectionIds])], tags: known.tags } : line;
    });
    entry.order = { ...entry.order, lines };
  }
}

/** The columns of an order state as `jsonb_to_recordset` reads them (a batch's states go to the server as one JSON parameter). */
const STATE_RECORD = sql.raw(
  'platform text, external_id text, order_number text, customer_id bigint, known boolean, cancelled boolean, data jsonb, refunds jsonb, position integer',
);

/**
 * Upserts the order states in one statement, in key order (row locks held until commit, taken in
 * one order by concurrent writers), merging with what earlier events said.
 */
async function upsertStates(trx: Executor, storeId: number, orders: MergedOrder[], customers: Map<string, number>, now: Date): Promise<OrderState[]> {
  if (orders.length === 0) return [];
  const rows = orders.map((merged, position) => {
    const email = emailOf(merged);
    return {
      platform: merged.platform,
      external_id: merged.externalId,
      order_number: merged.order?.number ?? null,
      customer_id: email ? (customers.get(email) ?? null) : null,
      known: merged.order !== undefined,
      cancelled: merged.cancelled,
      data: merged.order ? { ...merged.order, statuses: [...merged.statuses] } : { statuses: [...merged.statuses] },
      refunds: merged.refunds,
      position,
    };
  });
  const { rows: states } = await sql<OrderState>`
    insert into order_states (store_id, platform, external_id, order_number, customer_id, known, cancelled, data, refunds, updated_at)
    select ${storeId}::bigint, platform, external_id, order_number, customer_id, known, cancelled, data, refunds, ${now}::timestamptz
    from jsonb_to_recordset(${json(rows)}::jsonb) as r(${STATE_RECORD}) order by position
    on conflict (store_id, platform, external_id) do update set
      order_number = coalesce(excluded.order_number, order_states.order_number),
      customer_id = coalesce(excluded.customer_id, order_states.customer_id),
      known = order_states.known or excluded.known,
      cancelled = order_states.cancelled or excluded.cancelled,
      data = (case when excluded.known and (not order_states.known or coalesce(excluded.data->>'updatedAt', '') >= coalesce(order_states.data->>'updatedAt', ''))
          then excluded.data else order_states.data end)
        || jsonb_build_object('statuses', coalesce(order_states.data->'statuses', '[]'::jsonb) || coalesce(excluded.data->'statuses', '[]'::jsonb)),
      refunds = order_states.refunds || excluded.refunds,
      updated_at = excluded.updated_at
    returning *`.execute(trx);
  return states;
}

const refundedOf = (state: OrderState) => claimedRefund(state.refunds);

function isCancelled(state: OrderState, rule: EarningRule | undefined): boolean {
  const statuses = new Set((state.data.statuses ?? []) as string[]);
  const cancelStatuses = rule ? orderConfig(rule).cancel_statuses : ['cancelled', 'voided'];
  return state.cancelled || cancelStatuses.some((status) => statuses.has(status));
}

interface StoreTerms {
  expiryDays: number | null;
  currency: string;
  /** the VIP multiplier of each customer with one (their tier before this order) */
  multipliers: Map<number, { multiplier: number; tier: string }>;
}

/** The earn under the member's tier multiplier, said in the computation. */
function multiplied(earn: { points: number; computation: string }, tier: { multiplier: number; tier: string } | undefined) {
  if (!tier || tier.multiplier === 1) return earn;
  const points = Math.floor(earn.points * tier.multiplier);
  return { points, computation: `${earn.computation.replace(/ = \d+$/, '')} × ${tier.multiplier} (${tier.tier} tier) = ${points}` };
}

/**
 * The earn of one order under one rule, in the store's currency: the order's own amounts in it
 * when the platform sent them, else held for the merchant's approval (never a silent 1:1).
 */
function earnInput(state: OrderState, rule: EarningRule, now: Date, store: StoreTerms): CreditInput | null {
  if (!state.known || state.customer_id === null || isCancelled(state, rule)) return null;
  const placed = state.data as NormalizedOrder;
  const config = orderConfig(rule);
  const statuses = new Set(placed.statuses ?? []);
  if (!config.award_statuses.some((status) => statuses.has(status))) return null;
  const converted = inCurrency(placed, store.currency);
  const { eligibleMinor, ...base } = orderEarn(rule, converted ?? placed);
  const { points, computation } = multiplied(base, store.multipliers.get(state.customer_id));
  const held = converted === null;
  const expiryDays = config.expiry_days ?? store.expiryDays;
  return {
    storeId: state.store_id,
    customerId: state.customer_id,
    type: 'order_earn',
    points,
    computation,
    reason: held ? `currency ${placed.currency} differs from the store's ${store.currency}` : null,
    sourceType: 'order',
    sourceId: orderKey(state.platform, state.external_id),
    ruleKey: `earn:${rule.id}`,
    releaseAt: held ? HELD_UNTIL : config.pending_days > 0 ? new Date(now.getTime() + config.pending_days * DAY) : null,
    // the rule's own expiry, else the store's points expiry setting
    expiresAt: expiryDays ? new Date(now.getTime() + expiryDays * DAY) : null,
    metadata: {
      order_number: placed.number,
      eligible_minor: eligibleMinor,
      currency: placed.currency,
      // refunds come in the order's own currency: the clawback measures them against this
      ...(converted?.originalCurrency ? { converted_to: converted.currency, order_eligible_minor: orderEarn(rule, placed).eligibleMinor } : {}),
    },
  };
}

/**
 * Brings the clawbacks of one order's earn to what its refunds or cancellation call for:
 * target = earned × refunded ÷ total (all of it when cancelled). Each step is keyed by its target,
 * so a replay or a reordered event writes nothing new. Pending points are taken first from the
 * pending total; available ones never below zero.
 */
async function reconcileClawback(trx: Executor, state: OrderState, earn: LedgerEntry, rule: EarningRule | undefined, now: Date): Promise<void> {
  const sourceId = orderKey(state.platform, state.external_id);
  const earned = earn.points + earn.pending_points;
  const order = state.data as NormalizedOrder;
  const cancelled = isCancelled(state, rule);
  const measured = earn.metadata as { eligible_minor?: number; order_eligible_minor?: number };
  const eligible = Number(measured.order_eligible_minor ?? measured.eligible_minor ?? order.itemsMinor ?? 0);
  const refund = refundClawback(order, state.refunds ?? {}, earned, eligible);
  const target = cancelled ? earned : refund.target;
  const done = await trx
    .selectFrom('ledger_entries')
    .select(sql<number>`coalesce(max((metadata->>'target')::bigint), 0)`.as('target'))
    .where('store_id', '=', state.store_id)
    .where('parent_entry_id', '=', earn.id)
    .where('type', '=', 'refund_clawback')
    .executeTakeFirstOrThrow();
  const amount = target - Number(done.target);
  if (amount <= 0) return;
  const account = await lockAccount(trx, state.store_id, earn.customer_id, now);
  const pending = earn.release_at !== null && !(await isReleased(trx, earn));
  const available = pending ? Math.max(0, await netPending(trx, earn)) : account.balance;
  const take = Math.min(amount, available);
  const why = cancelled ? `order ${order.number} cancelled: ${earned} points reversed` : refund.computation;
  const reason = cancelled ? null : refund.reason;
  const computation = take < amount ? `${why}; only ${take} of ${amount} ${pending ? 'pending ' : ''}points were left to take` : why;
  const source = { sourceType: 'order_clawback', sourceId, ruleKey: `${earn.rule_key}:to:${target}` };
  const metadata = { target, requested: amount, taken: take, refunded_minor: refund.refunded, cancelled };
  if (pending) {
    await appendEntries(
      trx,
      [
        {
          store_id: state.store_id,
          customer_id: earn.customer_id,
          type: 'refund_clawback',
          points: 0,
          pending_points: -take,
          lifetime_points: 0,
          source_type: source.sourceType,
          source_id: source.sourceId,
          rule_key: source.ruleKey,
          parent_entry_id: earn.id,
          computation,
          reason,
          release_at: null,
          expires_at: null,
          metadata,
        },
      ],
      now,
    );
  } else {
    await debit(
      trx,
      {
        storeId: state.store_id,
        customerId: earn.customer_id,
        type: 'refund_clawback',
        points: take,
        lifetimeDelta: -take,
        ...source,
        parentEntryId: earn.id,
        computation,
        reason,
        metadata,
      },
      now,
    );
  }
}

function coreStatus(state: OrderState): string {
  const order = state.data as NormalizedOrder;
  const refunded = refundedOf(state);
  if (state.cancelled) return 'cancelled';
  if (refunded > 0) return refunded >= (order.totalMinor ?? 0) ? 'refunded' : 'partially_refunded';
  return (order.statuses ?? []).includes('paid') ? 'paid' : 'pending';
}

/** The columns of an order list row as `jsonb_to_recordset` reads them. */
const ORDER_RECORD = sql.raw(
  'customer_id bigint, external_id text, total_minor bigint, currency text, status text, placed_at timestamptz, channel text, position integer',
);

/** Keeps the console's order list (`orders`) in step with the merged states, in one statement (in key order, as the states). */
async function syncOrderList(trx: Executor, storeId: number, states: OrderState[]): Promise<void> {
  const rows = states
    .filter((state) => state.known)
    .map((state) => {
      const order = state.data as NormalizedOrder;
      return {
        customer_id: state.customer_id,
        external_id: order.number || state.external_id,
        total_minor: Math.max(0, order.totalMinor ?? 0),
        currency: order.currency ?? 'USD',
        status: coreStatus(state),
        placed_at: order.placedAt ?? new Date(),
        channel: order.channel ?? null,
      };
    });
  const unique = [...new Map(rows.map((row) => [row.external_id, row])).values()]
    .sort((a, b) => (a.external_id < b.external_id ? -1 : 1))
    .map((row, position) => ({ ...row, position }));
  if (unique.length === 0) return;
  await sql`
    insert into orders (store_id, customer_id, external_id, total_minor, currency, status, placed_at, channel)
    select ${storeId}::bigint, customer_id, external_id, total_minor, currency, status, placed_at, channel
    from jsonb_to_recordset(${json(unique)}::jsonb) as r(${ORDER_RECORD}) order by position
    on conflict (store_id, external_id) do update set
      customer_id = coalesce(excluded.customer_id, orders.customer_id),
      total_minor = excluded.total_minor,
      status = excluded.status,
      channel = coalesce(excluded.channel, orders.channel)`.execute(trx);
}

/** A reward whose coupon code an order used is used: it can no longer be rolled back. An expired code stays expired. */
async function markRewardsUsed(trx: Executor, storeId: number, states: OrderState[], now: Date): Promise<void> {
  const codes = [...new Set(states.flatMap((state) => ((state.data as NormalizedOrder).discountCodes ?? []).map((code) => code.toUpperCase())))];
  if (codes.length === 0) return;
  await trx
    .updateTable('rewards')
    .set({ status: 'used', used_at: now, updated_at: now })
    .where('store_id', '=', storeId)
    .where('status', '=', 'active')
    .where('code', 'in', codes)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .execute();
}

/**
 * Applies order events of one store in one transaction: merges them into the order states, earns
 * (multi-row, idempotent), then settles refunds and cancellations. Safe to replay, in any order.
 */
export async function applyOrderEvents(db: Executor, storeId: number, events: OrderEvent[], now: Date): Promise<{ earned: LedgerEntry[] }> {
  if (events.length === 0) return { earned: [] };
  return inTransaction(db, async (trx) => {
    const merged = mergeEvents(events);
    await addCatalogueFacts(trx, storeId, merged);
    const platform = merged[0]!.platform;
    const customers = await resolveCustomers(
      trx,
      storeId,
      platform,
      merged.flatMap((order) => (order.order?.customer ? [order.order.customer] : [])),
    );
    const states = await upsertStates(trx, storeId, merged, customers, now);
    await syncOrderList(trx, storeId, states);
    const rules = await activeOrderRules(trx, storeId);
    const ladder = await loadLadder(trx, storeId);
    const customerIds = states.flatMap((state) => (state.customer_id === null ? [] : [state.customer_id]));
    const multipliers = await multipliersOf(trx, storeId, customerIds, ladder);
    const terms: StoreTerms = { expiryDays: await storeExpiryDays(trx, storeId), currency: await storeCurrency(trx, storeId), multipliers };
    const batch: CreditInput[] = [];
    // the tiers of the customers these orders touched, in the same transaction: before the earn when
    // they are measured on the orders (written above; their entry rewards are then credited with the
    // earns), else after it and the clawbacks; the multipliers are the tiers' before these orders
    const tierEmails: QueuedEmail[] = [];
    const movedFirst = movesBeforeEarn(ladder);
    if (movedFirst) await reevaluateTiers(trx, storeId, customerIds, now, 'earn', ladder, { emails: tierEmails, credits: batch });
    for (const rule of rules) {
      for (const state of states) {
        const input = earnInput(state, rule, now, terms);
        if (!input) continue;
        if (rule.limit_type === 'unlimited') batch.push(input);
        else {
          await lockAccount(trx, storeId, input.customerId, now);
          const existing = await trx
            .selectFrom('ledger_entries')
            .select('id')
            .where('store_id', '=', storeId)
            .where('source_type', '=', 'order')
            .where('source_id', '=', input.sourceId)
            .where('rule_key', '=', input.ruleKey!)
            .executeTakeFirst();
          if (!existing && (await limitRefusal(trx, rule, input.customerId, now)) === null) await creditMany(trx, [input], now);
        }
      }
    }
    const { inserted } = await creditMany(trx, batch, now);
    // the "Points Earned" emails (with the balance as it stands now) and the tiers' "Tier switch" ones: one insert
    const earnedEmails = await pointsEarnedEmails(trx, inserted);
    await markRewardsUsed(trx, storeId, states, now);
    await settleReferralOrders(
      trx,
      storeId,
      states.map((state) => ({ ...state, refunded: refundedOf(state) > 0 })),
      now,
    );
    const settle = states.filter((state) => state.known && (state.cancelled || refundedOf(state) > 0 || rules.some((rule) => isCancelled(state, rule))));
    for (const state of settle) {
      const earns = await trx
        .selectFrom('ledger_entries')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('source_type', '=', 'order')
        .where('source_id', '=', orderKey(state.platform, state.external_id))
        .orderBy('id')
        .execute();
      for (const earn of earns) {
        const ruleId = Number(earn.rule_key.replace(/^earn:/, ''));
        const rule =
          rules.find((candidate) => candidate.id === ruleId) ??
          (await trx.selectFrom('earning_rules').selectAll().where('id', '=', ruleId).where('store_id', '=', storeId).executeTakeFirst());
        await reconcileClawback(trx, state, earn, rule, now);
      }
    }
    if (!movedFirst) await reevaluateTiers(trx, storeId, customerIds, now, 'earn', ladder, { emails: tierEmails });
    await queueEmails(trx, [...earnedEmails, ...tierEmails], now);
    // (the entry rewards credited with them are not order earns)
    return { earned: inserted.filter((entry) => entry.type !== 'tier_reward') };
  });
}
