import type { Db } from '../../db/connection.ts';
import { DEFAULT_PALETTE, type EmailPalette } from './render.ts';
import { formatPoints, keepsProductWord, pointsLabelFor, type ProgramWording } from '../../../renderers/format/index.ts';
import { catalogFor, word } from '../../../renderers/i18n/index.ts';
import { storeLanguages } from '../../../renderers/contract/index.ts';
import { servedLanguage, programWords, brandColourOf } from '../stores/index.ts';
import type { Store } from '../../db/schema.ts';
import { wordValues } from './worded.ts';

/** The store's default language (its emails' language for someone whose language it does not write in). */
export const storeLanguage = (store: Pick<Store, 'settings'>): string => storeLanguages(store.settings as Record<string, unknown>).default;

/** The product's wording in `language` with the store's word for points and its currency (what the renderers word figures with). */
export const storeWording = (store: Pick<Store, 'settings'>, language: string): ProgramWording => ({
  locale: language,
  messages: catalogFor(language),
  program: programWords(store.settings),
});

/**
 * The store's side of every email, in `language`: its name, link and the word for points (the
 * store's own word, or the product's in that language where the store kept it).
 */
export function storeValues(store: Store, language = storeLanguage(store)): Record<string, string> {
  const words = programWords(store.settings);
  const website = store.website ? (/^https?:\/\//.test(store.website) ? store.website : `https://${store.website}`) : '';
  const wording = storeWording(store, language);
  const [plural, singular] = keepsProductWord(words)
    ? [word(wording, 'points.word'), word(wording, 'points.wordOne')]
    : [pointsLabelFor(2, words), pointsLabelFor(1, words)];
  return { store_name: store.title, store_url: website, points_label: plural, points_label_singular: singular };
}

/** The store's palette for its emails (settings `primary_color`); undefined when the store chose none. */
export function storePalette(store: Pick<Store, 'settings'>): EmailPalette | undefined {
  const accent = brandColourOf(store.settings);
  return accent ? { accent, background: DEFAULT_PALETTE.background } : undefined;
}

/** The month a member joined as `language` writes it ("March 2025", "mars 2025"). */
const sinceLabel = (joined: Date, language: string) => joined.toLocaleDateString(language, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Made-up member data for previews when the store has no member yet; the store's words in `language`, its figures written as that language writes them. */
export function sampleValues(store: Store, language = storeLanguage(store)): Record<string, string> {
  const figures = wordValues(
    {
      loyalty_points_balance: { count: 1250 },
      points_earned: { count: 120 },
      referral_reward: { offer: { kind: 'percent_off', percent: 10 } },
      referrals_earned: { count: 3 },
      points_spent: { count: 500 },
      expiring_points: { count: 300 },
      expiry_date: { day: `${new Date().getUTCFullYear()}-12-31` },
    },
    storeWording(store, language),
  );
  return {
    ...storeValues(store, language),
    first_name: 'Jamie',
    full_name: 'Jamie Rivera',
    customer_name: 'Jamie Rivera',
    order_number: '#1042',
    referrer_name: 'Alex',
    referral_link: storeValues(store).store_url ?? '',
    reward_code: 'THANKS-7Q2X',
    reward_name: '$10 off',
    member_since: sinceLabel(new Date('2025-03-01T00:00:00Z'), language),
    tier_name: 'Gold',
    previous_tier_name: 'Silver',
    ...figures,
    unsubscribe_url: '',
  };
}

export interface Member {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

/**
 * A member's own data (name, balance) and the language their emails go out in (their kept
 * language when the store writes in it, else the store's default; `chosen` when given, as a
 * preview or a test send asks), the numbers and dates written as that language does; `null` when
 * the customer is not this store's.
 */
export async function memberValues(
  db: Db,
  store: Store,
  customerId: number,
  chosen?: string,
): Promise<{ member: Member; values: Record<string, string>; language: string } | null> {
  const member = await db
    .selectFrom('customers')
    .leftJoin('points_accounts', (join) =>
      join.onRef('points_accounts.customer_id', '=', 'customers.id').onRef('points_accounts.store_id', '=', 'customers.store_id'),
    )
    .select([
      'customers.id',
      'customers.email',
      'customers.first_name',
      'customers.last_name',
      'customers.created_at',
      'customers.locale',
      'points_accounts.balance',
    ])
    .where('customers.store_id', '=', store.id)
    .where('customers.id', '=', customerId)
    .executeTakeFirst();
  if (!member) return null;
  const fullName = `${member.first_name} ${member.last_name}`.trim() || member.email;
  const language = chosen ?? servedLanguage(store, member.locale);
  const values = {
    ...storeValues(store, language),
    first_name: member.first_name || fullName,
    full_name: fullName,
    customer_name: fullName,
    loyalty_points_balance: formatPoints(member.balance ?? 0, language),
    member_since: sinceLabel(new Date(member.created_at), language),
  };
  return { member: { id: member.id, email: member.email, first_name: member.first_name, last_name: member.last_name }, values, language };
}

/** The store's most recent member, whose data fills a test send. */
export async function latestMemberId(db: Db, storeId: number): Promise<number | undefined> {
  const row = await db.selectFrom('customers').select('id').where('store_id', '=', storeId).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.id;
}
