import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, JsonWithDefault } from '../../db/schema.ts';
import type { ReferralStateName } from './contract.ts';

type Id = Generated<number>;
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export type ReferralState = ReferralStateName;

/** Why a referral was held for review (recorded with it; never told to the shopper). */
export type FraudFlag =
  'self_referral_email' | 'self_referral_customer' | 'self_referral_address' | 'self_referral_payment' | 'ip_burst' | 'device_burst' | 'disposable_email';

export interface ReferralSettingsTable {
  id: Id;
  store_id: number;
  settings: JsonWithDefault<Record<string, unknown>>;
  updated_at: UpdatedAt;
}

export interface ReferralCodesTable {
  id: Id;
  store_id: number;
  customer_id: number;
  code: string;
  created_at: CreatedAt;
}

export interface ReferralVisitsTable {
  id: Id;
  store_id: number;
  visitor: string;
  referrer_id: number;
  ip: string | null;
  device: string | null;
  /** when the visit that counts happened (a new one replaces an expired one) */
  created_at: UpdatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

/** The friend's coupon as issued: kind, value, title and expiry. */
export interface FriendReward {
  type: string;
  value: number;
  title: string;
  expires_at: string | null;
}

export interface ReferralsTable {
  id: Id;
  store_id: number;
  referrer_id: number;
  friend_email: string;
  friend_customer_id: number | null;
  friend_code: string | null;
  friend_reward: JsonWithDefault<FriendReward | Record<string, never>>;
  state: Generated<ReferralState>;
  reason: string | null;
  flags: JsonWithDefault<FraudFlag[]>;
  ip: string | null;
  device: string | null;
  order_key: string | null;
  order_number: string | null;
  order_total_minor: number | null;
  order_currency: string | null;
  completes_at: NullableTime;
  completed_at: NullableTime;
  reward_entry_id: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ReferralInvitesTable {
  id: Id;
  store_id: number;
  referrer_id: number;
  friend_email: string;
  created_at: CreatedAt;
}

declare module '../../db/schema.ts' {
  interface Database {
    referral_settings: ReferralSettingsTable;
    referral_codes: ReferralCodesTable;
    referral_visits: ReferralVisitsTable;
    referrals: ReferralsTable;
    referral_invites: ReferralInvitesTable;
  }
}

export type Referral = Selectable<ReferralsTable>;
