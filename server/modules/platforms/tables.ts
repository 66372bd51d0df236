import type { ColumnType, Selectable } from 'kysely';

type Time = ColumnType<Date, Date | string, Date | string>;
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export const PLATFORMS = ['shopify', 'bigcommerce'] as const;
export type Platform = (typeof PLATFORMS)[number];
/** `reconnect`: the platform refused the token (revoked): the merchant installs again, nothing is lost */
export type ConnectionStatus = 'connected' | 'reconnect' | 'uninstalled';

export interface PlatformConnectionsTable {
  store_id: number;
  platform: Platform;
  /** Shopify: `<name>.myshopify.com`; BigCommerce: the store hash */
  shop: string;
  /** the access token sealed by tokens.ts; null once uninstalled */
  sealed_token: string | null;
  /** when the access token stops working; null: it does not expire */
  token_expires_at: NullableTime;
  /** the token that renews an expiring access token, sealed like it; null for a non-expiring one */
  sealed_refresh_token: ColumnType<string | null, string | null | undefined, string | null>;
  refresh_token_expires_at: NullableTime;
  scopes: ColumnType<string, string | undefined, string>;
  status: ColumnType<ConnectionStatus, ConnectionStatus | undefined, ConnectionStatus>;
  installed_at: Time;
  uninstalled_at: NullableTime;
}

/** The store's platform call budget as the processes last knew it (call-budget.ts). */
export interface PlatformCallBudgetsTable {
  store_id: number;
  available: number;
  maximum: number;
  restore_rate: number;
  at: Time;
  in_flight: ColumnType<number, number | undefined, number>;
  spends: ColumnType<string, string | number | undefined, string | number>;
}

declare module '../../db/schema.ts' {
  interface Database {
    platform_connections: PlatformConnectionsTable;
    platform_call_budgets: PlatformCallBudgetsTable;
  }
}

export type ConnectionRow = Selectable<PlatformConnectionsTable>;
