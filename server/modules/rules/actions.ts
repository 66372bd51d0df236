import { reevaluateTiers } from '../vip/index.ts';
import { credit, inTransaction, lockAccount, type Executor, type LedgerEntry } from '../../domain/ledger/index.ts';
import { storeExpiryDays } from './expiry.ts';
import { limitRefusal } from './limits.ts';
import { RedeemError } from './redeem.ts';
import type { EarningRule } from './tables.ts';
import { calendarDayIn, rewardDateOf, storeTimeZone } from '../../domain/schemas/reward-dates.ts';

const DAY = 86_400_000;

export interface ClaimInput {
  storeId: number;
  customerId: number;
  type: string;
  /** social rules: the network */
  network?: string;
  /** custom rules: the event name */
  event?: string;
  /** what makes this claim unique (a review id, an event id); defaults to one claim per moment */
  claimKey?: string;
  /** pending until (birthdays wait for the day) */
  releaseAt?: Date | null;
  /** this rule only (the anniversary job and custom events name it) */
  ruleId?: number;
  /** what the claim was for, shown in the history, e.g. `event review.written #r-17` */
  detail?: string;
}

async function findActionRule(db: Executor, input: ClaimInput): Promise<EarningRule | undefined> {
  let query = db.selectFrom('earning_rules').selectAll().where('store_id', '=', input.storeId).where('type', '=', input.type).where('status', '=', 'active');
  if (input.ruleId !== undefined) query = query.where('id', '=', input.ruleId);
  const rules = await query.orderBy('id').execute();
  return rules.find((rule) => (!input.network || rule.config.network === input.network) && (!input.event || rule.config.event === input.event));
}

/**
 * Awards an action (sign-up, birthday, follow, share, newsletter, review, custom event) once its
 * rule and limits allow: the account is locked first, so two claims at once cannot both pass a limit.
 */
export async function claimAction(db: Executor, input: ClaimInput, now: Date): Promise<{ entry: LedgerEntry; duplicate: boolean }> {
  return inTransaction(db, async (trx) => {
    const rule = await findActionRule(trx, input);
    if (!rule) throw new RedeemError(404, 'There is no active way to earn for this action.', 'not_found');
    await lockAccount(trx, input.storeId, input.customerId, now);
    const claimKey = rule.limit_type === 'once' ? 'once' : (input.claimKey ?? now.toISOString());
    const source = { sourceType: 'action', sourceId: `${input.customerId}:${claimKey}`, ruleKey: `earn:${rule.id}` };
    const existing = await trx
      .selectFrom('ledger_entries')
      .selectAll()
      .where('store_id', '=', input.storeId)
      .where('source_type', '=', source.sourceType)
      .where('source_id', '=', source.sourceId)
      .where('rule_key', '=', source.ruleKey)
      .executeTakeFirst();
    if (existing) return { entry: existing, duplicate: true };
    const refusal = await limitRefusal(trx, rule, input.customerId, now);
    if (refusal) throw new RedeemError(409, refusal, 'limit_reached');
    const expiryDays = typeof rule.config.expiry_days === 'number' ? rule.config.expiry_days : await storeExpiryDays(trx, input.storeId);
    const earned = await credit(
      trx,
      {
        storeId: input.storeId,
        customerId: input.customerId,
        type: 'action_earn',
        points: rule.points,
        ...source,
        computation: `${rule.title}${input.detail ? ` (${input.detail})` : ''}: ${rule.points} point${rule.points === 1 ? '' : 's'}`,
        ...(input.claimKey ? { metadata: { claim_key: input.claimKey } } : {}),
        releaseAt: input.releaseAt ?? null,
        expiresAt: expiryDays ? new Date(now.getTime() + expiryDays * DAY) : null,
      },
      now,
    );
    await reevaluateTiers(trx, input.storeId, [input.customerId], now);
    return earned;
  });
}

/** Saves the member's birthday and books the birthday reward, pending until the day. */
export async function setBirthday(
  db: Executor,
  storeId: number,
  customerId: number,
  birthday: string,
  now: Date,
): Promise<{ rewardOn: string; entry: LedgerEntry | null }> {
  return inTransaction(db, async (trx) => {
    // spec §5, by calendar day in the store's time zone (the console warns by the same rule)
    const store = await trx.selectFrom('stores').select('settings').where('id', '=', storeId).executeTakeFirstOrThrow();
    const { rewardOn } = rewardDateOf(birthday, calendarDayIn(now, storeTimeZone(store.settings as object)));
    const occurrence = new Date(`${rewardOn}T00:00:00Z`);
    await trx.updateTable('customers').set({ birthday }).where('id', '=', customerId).where('store_id', '=', storeId).execute();
    const rule = await findActionRule(trx, { storeId, customerId, type: 'birthday' });
    if (!rule) return { rewardOn, entry: null };
    const year = occurrence.getUTCFullYear();
    const { entry } = await claimAction(trx, { storeId, customerId, type: 'birthday', claimKey: `birthday:${year}`, releaseAt: occurrence }, now).catch(
      (error: unknown) => {
        if (error instanceof RedeemError && error.code === 'limit_reached') return { entry: null };
        throw error;
      },
    );
    return { rewardOn, entry };
  });
}
