import type { Executor, LedgerEntry } from '../../domain/ledger/index.ts';
import { claimAction } from './actions.ts';
import { RedeemError } from './errors.ts';

/** The customer an event names: one of the store's by our id or by e-mail; undefined when the store has none such. */
export async function eventCustomer(db: Executor, storeId: number, which: { id: number } | { email: string }) {
  const query = db.selectFrom('customers').select('id').where('store_id', '=', storeId);
  return ('id' in which ? query.where('id', '=', which.id) : query.where('email', '=', which.email)).executeTakeFirst();
}

export interface CustomEventInput {
  customerId: number;
  /** the event name of a `custom` earning rule (its config.event) */
  event: string;
  /** the caller's id of this occurrence: a retry with the same id earns nothing new */
  eventId: string;
}

/**
 * A store's own system reports an event for a customer ("completed profile", "wrote a review"):
 * the active `custom` earning rule for that event awards its points through `claimAction` (limits
 * apply), once per event id. An event no rule listens to → 404; only inactive rules → 422.
 */
export async function recordCustomEvent(
  db: Executor,
  storeId: number,
  input: CustomEventInput,
  now: Date,
): Promise<{ entry: LedgerEntry; ruleId: number; duplicate: boolean }> {
  const rules = (
    await db.selectFrom('earning_rules').select(['id', 'status', 'config']).where('store_id', '=', storeId).where('type', '=', 'custom').orderBy('id').execute()
  ).filter((rule) => rule.config.event === input.event);
  const rule = rules.find((candidate) => candidate.status === 'active');
  if (rules.length === 0)
    throw new RedeemError(
      404,
      `No way to earn listens to the event "${input.event}": create a custom earning rule with this event name first.`,
      'unknown_event',
    );
  if (!rule) throw new RedeemError(422, `The way to earn for the event "${input.event}" is inactive: activate it to award points.`, 'rule_inactive');
  const claimKey = `event:${input.eventId}`;
  const { entry, duplicate } = await claimAction(
    db,
    {
      storeId,
      customerId: input.customerId,
      type: 'custom',
      event: input.event,
      ruleId: rule.id,
      claimKey,
      detail: `event ${input.event} #${input.eventId}`,
    },
    now,
  );
  // a once-only rule answers its first entry to every claim: a new event id is then over the limit
  if (duplicate && entry.metadata.claim_key !== claimKey) throw new RedeemError(409, 'This reward can be earned once.', 'limit_reached');
  return { entry, ruleId: rule.id, duplicate };
}
