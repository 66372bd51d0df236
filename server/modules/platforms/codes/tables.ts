import type { RewardCode } from '../adapter.ts';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, JsonWithDefault } from '../../../db/schema.ts';
import type { Platform } from '../tables.ts';

type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/**
 * Where a code stands on the shop's platform:
 * `preparing` — queued, the platform does not have it yet (the shopper reads "Preparing your code…");
 * `created` — the platform has it; `refused` — the platform refused it for good (the points came back);
 * `local` — no adapter for this platform: the code lives in the program only;
 * `cancelled` — rolled back or expired before the platform had it;
 * `deactivating` / `deactivated` — rolled back or expired after: made unusable on the platform.
 */
export const CODE_STATES = ['preparing', 'created', 'refused', 'local', 'cancelled', 'deactivating', 'deactivated'] as const;
export type CodeState = (typeof CODE_STATES)[number];

/** What the platform is asked to create, kept from when the code was given (RewardCode without its id and code; its end as JSON holds it). */
export type CodeSpec = Omit<RewardCode, 'rewardId' | 'code' | 'endsAt'> & { endsAt: string | null };

export interface RewardCodesTable {
  id: Generated<number>;
  store_id: number;
  /** the reward (a redemption, a referrer's coupon) or the referral whose friend coupon it is */
  reward_id: number | null;
  referral_id: number | null;
  code: string;
  platform: Platform;
  spec: JsonWithDefault<CodeSpec>;
  state: ColumnType<CodeState, CodeState | undefined, CodeState>;
  platform_id: string | null;
  /** the storefront address that applies the code to a cart (the adapter's applyUrl) */
  apply_url: string | null;
  /** why it was refused, or why it waits (the last retry's reason, "Reconnect your shop") */
  error: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

declare module '../../../db/schema.ts' {
  interface Database {
    reward_codes: RewardCodesTable;
  }
}

export type RewardCodeRow = Selectable<RewardCodesTable>;
