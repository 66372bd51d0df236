import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** jsonb columns: read as parsed JSON, written as JSON text (see `json()` in normalize.ts). */
export type Json<T> = ColumnType<T, string, string>;
/** jsonb column with a database default */
export type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;
/** timestamptz with a database default */
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Id = Generated<number>;

/** a member's role at a store; what each may do is the permission table in server/domain/schemas/permissions.ts */
export type Role = 'owner' | 'admin' | 'staff';
export type DocumentStatus = 'draft' | 'published';
export type SessionKind = 'api' | 'provider';

export interface UsersTable {
  id: Id;
  email: string;
  name: string;
  password_hash: string;
  /** onboarding stage (spec §4): starts at 2; 2, 4, 6, 8, 10, 12 send the user to /onboarding */
  stage: Generated<number>;
  status: Generated<string>;
  /** console sign-ins so far (this one included once signed in) */
  sign_ins: Generated<number>;
  created_at: CreatedAt;
}

export interface StoresTable {
  id: Id;
  title: string;
  platform: string;
  website: string | null;
  domain: string | null;
  /** unique slug, also the public store key of the storefront embed */
  store_name: string;
  settings: JsonWithDefault<Record<string, unknown>>;
  /** HMAC-SHA256 key for customer digests; returned once when generated, never again */
  hmac_secret: string | null;
  /** chooses the store on every console call; null = store not connected (not listed) */
  access_token: string | null;
  created_at: CreatedAt;
}

export interface MembershipsTable {
  user_id: number;
  store_id: number;
  role: Role;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: Id;
  kind: SessionKind;
  user_id: number;
  /** the store this session currently works on (api sessions) */
  store_id: number | null;
  token_hash: string;
  user_token_hash: string | null;
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** provider sessions: the cookie was set partitioned (for a cross-site frame), and is cleared so */
  partitioned: Generated<boolean>;
  created_at: CreatedAt;
}

export interface LoginCodesTable {
  code_hash: string;
  user_id: number;
  /** S256 challenge of the verifier held by the browser that started the sign-in */
  challenge: string | null;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
}

/** Failed sign-ins of one counter (`email:…`, `ip:…`, `code-ip:…`) in its current window (server/auth/throttle.ts). */
export interface SignInFailuresTable {
  key: string;
  failures: number;
  window_started_at: Timestamp;
}

/** Requests of a rate-limited route from one address in the current window (server/auth/rate-limits.ts). */
export interface RateLimitHitsTable {
  key: string;
  hits: number;
  window_started_at: Timestamp;
}

export interface ChannelsTable {
  id: Id;
  store_id: number;
  name: string;
  type: string;
  url: string | null;
  created_at: CreatedAt;
}

export interface CustomersTable {
  id: Id;
  store_id: number;
  external_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  /** ISO date YYYY-MM-DD */
  birthday: string | null;
  tags: JsonWithDefault<string[]>;
  created_at: CreatedAt;
  program_status: Generated<'member' | 'excluded' | 'guest'>;
  /** where the customer came from: manual, import, order, widget, … */
  source: Generated<string>;
  vip_tier: string | null;
  referral_count: Generated<number>;
  /** set when the customer was deleted: personal data erased, ledger kept */
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** kept out of the program to measure its lift (store setting holdout_percent, drawn on insert): earns nothing */
  holdout: Generated<boolean>;
  /** the customer's language (BCP 47) as the storefront or the platform last told it; null: the store's default */
  locale: ColumnType<string | null, string | null | undefined, string | null>;
  /** the tags the shop's platform last sent for the customer (the platform's share of `tags`); null: it sent none */
  platform_tags: ColumnType<string[] | null, string | null | undefined, string | null>;
}

export interface CustomerExportsTable {
  id: Id;
  store_id: number;
  filter: JsonWithDefault<Record<string, unknown>>;
  status: Generated<'queued' | 'running' | 'done' | 'failed'>;
  processed: Generated<number>;
  total: Generated<number>;
  error: string | null;
  created_at: CreatedAt;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** the last customer written: a resumed export continues after it */
  after_customer_id: Generated<number>;
}

export interface CustomerExportChunksTable {
  export_id: number;
  seq: number;
  body: string;
}

export interface OrdersTable {
  id: Id;
  store_id: number;
  customer_id: number | null;
  external_id: string;
  /** integer minor units (cents) */
  total_minor: number;
  currency: string;
  status: string;
  placed_at: Timestamp;
  /** the sales channel the platform named (web, pos, …), null when it did not */
  channel: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface SettingsDocumentsTable {
  id: Id;
  store_id: number;
  /** widget, launcher, landing, sticky-bar, theme, … (renderers/contract kinds) */
  kind: string;
  version: number;
  document: Json<unknown>;
  status: DocumentStatus;
  based_on_version: number | null;
  created_at: CreatedAt;
  created_by: number | null;
}

export interface Database {
  users: UsersTable;
  stores: StoresTable;
  memberships: MembershipsTable;
  sessions: SessionsTable;
  login_codes: LoginCodesTable;
  sign_in_failures: SignInFailuresTable;
  rate_limit_hits: RateLimitHitsTable;
  channels: ChannelsTable;
  customers: CustomersTable;
  customer_exports: CustomerExportsTable;
  customer_export_chunks: CustomerExportChunksTable;
  orders: OrdersTable;
  settings_documents: SettingsDocumentsTable;
}

export type User = Selectable<UsersTable>;
export type Store = Selectable<StoresTable>;
export type NewCustomer = Insertable<CustomersTable>;
/** Tables holding rows of one store (tenancy checks and snapshots walk these). */
export const STORE_SCOPED_TABLES = [
  'channels',
  'media',
  'customers',
  'orders',
  'settings_documents',
  'points_accounts',
  'ledger_entries',
  'points_batches',
  'earning_rules',
  'redeem_rules',
  'rewards',
  'coupons',
  'order_states',
  'webhook_events',
  'order_imports',
  'api_clients',
  'api_client_tokens',
  'customer_exports',
  'referral_settings',
  'referral_codes',
  'referral_visits',
  'referrals',
  'referral_invites',
  'vip_settings',
  'vip_tiers',
  'vip_perks',
  'vip_members',
  'vip_figures',
  'vip_activity',
  'vip_jobs',
  'discounts',
  'customer_imports',
  'customer_invites',
  'award_campaigns',
  'receipts',
  'products',
  'product_variants',
  'collections',
  'webhook_endpoints',
  'webhook_deliveries',
  'publish_schedules',
  'preview_links',
  'editing_presence',
  'platform_connections',
  'reward_codes',
] as const;
