import { sql } from 'kysely';
import type { Executor } from '../../domain/ledger/index.ts';
import { fetchPage, type PageWindow } from '../../domain/paging.ts';
import { completeDueReferrals } from './engine.ts';
import type { ReferralFigures } from './contract.ts';
import type { ReferralState } from './tables.ts';

export interface ReferralFilter {
  state?: ReferralState;
  /** referrals this customer made or was referred by */
  customerId?: number;
  /** part of the referrer's or the friend's e-mail or name */
  search?: string;
}

/** The store's referrals, newest first, with the referrer's name and e-mail (due completions done first). */
export async function listReferrals(db: Executor, storeId: number, filter: ReferralFilter, window: PageWindow, now: Date) {
  await completeDueReferrals(db, now, { storeId });
  let base = db.selectFrom('referrals as r').innerJoin('customers as c', 'c.id', 'r.referrer_id').where('r.store_id', '=', storeId);
  if (filter.state) base = base.where('r.state', '=', filter.state);
  if (filter.customerId !== undefined) {
    const id = filter.customerId;
    base = base.where((eb) => eb.or([eb('r.referrer_id', '=', id), eb('r.friend_customer_id', '=', id)]));
  }
  if (filter.search) {
    const like = `%${filter.search.replace(/[\\%_]/g, (char) => `\\${char}`).toLowerCase()}%`;
    base = base.where((eb) =>
      eb.or([
        eb('r.friend_email', 'like', like),
        eb(sql<string>`lower(c.email)`, 'like', like),
        eb(sql<string>`lower(c.first_name || ' ' || c.last_name)`, 'like', like),
      ]),
    );
  }
  return fetchPage(
    base,
    (query) =>
      query
        .select([
          'r.id',
          'r.referrer_id',
          'c.first_name',
          'c.last_name',
          'c.email as referrer_email',
          'r.friend_email',
          'r.friend_customer_id',
          'r.friend_code',
          'r.state',
          'r.reason',
          'r.flags',
          'r.order_number',
          'r.order_total_minor',
          'r.order_currency',
          'r.completes_at',
          'r.completed_at',
          'r.reward_entry_id',
          'r.created_at',
        ])
        .orderBy('r.id', 'desc'),
    window,
  );
}

export type { ReferralFigures };

export async function referralFigures(db: Executor, storeId: number): Promise<ReferralFigures> {
  const [states, invites] = await Promise.all([
    db
      .selectFrom('referrals')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n'), sql<number>`coalesce(sum(order_total_minor), 0)`.as('revenue')])
      .where('store_id', '=', storeId)
      .groupBy('state')
      .execute(),
    db
      .selectFrom('referral_invites')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow(),
  ]);
  const of = (state: ReferralState) => Number(states.find((row) => row.state === state)?.n ?? 0);
  const revenue = states.filter((row) => row.state === 'completed' || row.state === 'pending').reduce((sum, row) => sum + Number(row.revenue), 0);
  return {
    sent: states.reduce((sum, row) => sum + Number(row.n), 0),
    invited: Number(invites.n),
    completed: of('completed'),
    pending: of('pending'),
    blocked: of('blocked'),
    cancelled: of('cancelled'),
    revenue_minor: revenue,
  };
}

/** A friend's e-mail as their referrer sees it: the first letter of the name and the domain ("a•••@example.com"). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

const SHOPPER_STATES = { pending: 'pending', completed: 'completed', cancelled: 'not_completed', blocked: 'not_completed' } as const;

/**
 * A member's latest referrals for the storefront: the friend masked and the state as the shopper
 * reads it (a referral held for review or cancelled is "not completed", never why).
 */
export async function memberReferrals(db: Executor, storeId: number, referrerId: number, limit = 10) {
  const rows = await db
    .selectFrom('referrals')
    .select(['friend_email', 'state', 'created_at'])
    .where('store_id', '=', storeId)
    .where('referrer_id', '=', referrerId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ friend: maskEmail(row.friend_email), state: SHOPPER_STATES[row.state], date: row.created_at.toISOString().slice(0, 10) }));
}
