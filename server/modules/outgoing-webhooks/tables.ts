import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, JsonWithDefault } from '../../db/schema.ts';
import type { OutgoingTopic } from './contract.ts';

type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Cursor = ColumnType<number, number | undefined, number>;

/** A merchant URL the program's events are posted to; the cursors say how far each source was queued. */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  store_id: number;
  url: string;
  topics: JsonWithDefault<OutgoingTopic[]>;
  ledger_cursor: Cursor;
  reward_cursor: Cursor;
  customer_cursor: Cursor;
  /** tier changes (`vip_activity`) queued so far */
  tier_cursor: Cursor;
  /** referrals (`referrals`) queued so far */
  referral_cursor: Cursor;
  created_at: CreatedAt;
  disabled_at: NullableTime;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event for one endpoint: queued once, tried until delivered or out of attempts. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  store_id: number;
  endpoint_id: number;
  topic: OutgoingTopic;
  event_key: string;
  payload: ColumnType<unknown, string, string>;
  status: ColumnType<DeliveryStatus, DeliveryStatus | undefined, DeliveryStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_status_code: ColumnType<number | null, number | null | undefined, number | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  delivered_at: NullableTime;
}

declare module '../../db/schema.ts' {
  interface Database {
    webhook_endpoints: WebhookEndpointsTable;
    webhook_deliveries: WebhookDeliveriesTable;
  }
}

export type WebhookEndpoint = Selectable<WebhookEndpointsTable>;
export type WebhookDelivery = Selectable<WebhookDeliveriesTable>;
