/**
 * The dashboard's setup progress: the steps a new program goes through before it pays off, each
 * checked against the store's real data, and the merchant's dismissal of the list (kept in the
 * store settings, so it sticks across sessions and devices).
 */
import { sql } from 'kysely';
import type { Executor } from '../../domain/ledger/index.ts';
import { json } from '../../db/normalize.ts';

export interface SetupStep {
  key: 'program' | 'widget' | 'landing' | 'member';
  title: string;
  /** console route where the merchant does it */
  href: string;
  done: boolean;
}

export interface SetupProgress {
  steps: SetupStep[];
  dismissed: boolean;
}

const DISMISSED_KEY = 'setup_progress_dismissed';

/** Each step's question, asked of the store's data in one round trip. */
export async function setupProgress(db: Executor, storeId: number): Promise<SetupProgress> {
  const exists = (table: 'earning_rules' | 'redeem_rules') =>
    sql<boolean>`exists (select 1 from ${sql.table(table)} where store_id = ${storeId} and status = 'active')`;
  const published = (kind: string) =>
    sql<boolean>`exists (select 1 from settings_documents where store_id = ${storeId} and kind = ${kind} and status = 'published')`;
  const row = await db
    .selectFrom('stores')
    .select([
      sql<boolean>`${exists('earning_rules')} and ${exists('redeem_rules')}`.as('program'),
      published('widget').as('widget'),
      published('landing_page').as('landing'),
      sql<boolean>`exists (select 1 from customers where store_id = ${storeId})`.as('member'),
      sql<boolean>`coalesce((settings->>${DISMISSED_KEY})::boolean, false)`.as('dismissed'),
    ])
    .where('id', '=', storeId)
    .executeTakeFirstOrThrow();
  return {
    steps: [
      { key: 'program', title: 'Set up ways to earn and to redeem points', href: '/rewards-loyalty/points', done: Boolean(row.program) },
      { key: 'widget', title: 'Publish the rewards widget', href: '/onsite-display/widget', done: Boolean(row.widget) },
      { key: 'landing', title: 'Publish the rewards landing page', href: '/onsite-display/landing-page', done: Boolean(row.landing) },
      { key: 'member', title: 'Welcome your first member', href: '/customers', done: Boolean(row.member) },
    ],
    dismissed: Boolean(row.dismissed),
  };
}

/** Hides the setup list for good (spec: onboarding progress dismissal). */
export async function dismissSetupProgress(db: Executor, storeId: number): Promise<void> {
  await db
    .updateTable('stores')
    .set((eb) => ({ settings: sql<string>`${eb.ref('settings')} || ${json({ [DISMISSED_KEY]: true })}::jsonb` }))
    .where('id', '=', storeId)
    .execute();
}
