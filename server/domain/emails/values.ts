import type { Db } from '../../db/connection.ts';
import { DEFAULT_PALETTE, type EmailPalette } from './render.ts';
import { pointsLabelFor } from '../../../renderers/format/index.ts';
import { programWords } from '../program/words.ts';
import type { Store } from '../../db/schema.ts';
import { brandColourOf } from '../stores/brand.ts';

/** The store's side of every email: its name, link and the word for points. */
export function storeValues(store: Store): Record<string, string> {
  const words = programWords(store.settings);
  const website = store.website ? (/^https?:\/\//.test(store.website) ? store.website : `https://${store.website}`) : '';
  return { store_name: store.title, store_url: website, points_label: pointsLabelFor(2, words), points_label_singular: pointsLabelFor(1, words) };
}

/** The store's palette for its emails (settings `primary_color`); undefined when the store chose none. */
export function storePalette(store: Pick<Store, 'settings'>): EmailPalette | undefined {
  const accent = brandColourOf(store.settings);
  return accent ? { accent, background: DEFAULT_PALETTE.background } : undefined;
}

/** Made-up member data for previews when the store has no member yet. */
export function sampleValues(store: Store): Record<string, string> {
  return {
    ...storeValues(store),
    first_name: 'Jamie',
    full_name: 'Jamie Rivera',
    customer_name: 'Jamie Rivera',
    loyalty_points_balance: '1,250',
    points_earned: '120',
    order_number: '#1042',
    referrer_name: 'Alex',
    referral_link: storeValues(store).store_url ?? '',
    referral_reward: '10% off',
    referrals_earned: '3',
    reward_code: 'THANKS-7Q2X',
    reward_name: '$10 off',
    points_spent: '500',
    member_since: 'March 2025',
    tier_name: 'Gold',
    previous_tier_name: 'Silver',
    expiring_points: '300',
    expiry_date: 'December 31',
    unsubscribe_url: '',
  };
}

export interface Member {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

/** A member's own data: name, balance; `null` when the customer is not this store's. */
export async function memberValues(db: Db, store: Store, customerId: number): Promise<{ member: Member; values: Record<string, string> } | null> {
  const member = await db
    .selectFrom('customers')
    .leftJoin('points_accounts', (join) =>
      join.onRef('points_accounts.customer_id', '=', 'customers.id').onRef('points_accounts.store_id', '=', 'customers.store_id'),
    )
    .select(['customers.id', 'customers.email', 'customers.first_name', 'customers.last_name', 'customers.created_at', 'points_accounts.balance'])
    .where('customers.store_id', '=', store.id)
    .where('customers.id', '=', customerId)
    .executeTakeFirst();
  if (!member) return null;
  const fullName = `${member.first_name} ${member.last_name}`.trim() || member.email;
  const since = new Date(member.created_at).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const values = {
    ...storeValues(store),
    first_name: member.first_name || fullName,
    full_name: fullName,
    customer_name: fullName,
    loyalty_points_balance: Number(member.balance ?? 0).toLocaleString('en-US'),
    member_since: since,
  };
  return { member: { id: member.id, email: member.email, first_name: member.first_name, last_name: member.last_name }, values };
}

/** The store's most recent member, whose data fills a test send. */
export async function latestMemberId(db: Db, storeId: number): Promise<number | undefined> {
  const row = await db.selectFrom('customers').select('id').where('store_id', '=', storeId).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.id;
}
