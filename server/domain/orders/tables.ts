import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, JsonWithDefault } from '../../db/schema.ts';
import type { NormalizedOrder } from './normalized.ts';

type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Everything known about one platform order, merged from its events in any order. */
export interface OrderStatesTable {
  id: Generated<number>;
  store_id: number;
  platform: string;
  external_id: string;
  order_number: string | null;
  customer_id: number | null;
  /** the order body has been seen (a refund can arrive first) */
  known: Generated<boolean>;
  paid: Generated<boolean>;
  cancelled: Generated<boolean>;
  data: JsonWithDefault<Partial<NormalizedOrder>>;
  /** refund id → refunded amount in minor units */
  refunds: JsonWithDefault<Record<string, number>>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A webhook as received: acknowledged once persisted, processed after, exactly once. */
export interface WebhookEventsTable {
  id: Generated<number>;
  store_id: number;
  platform: string;
  topic: string;
  event_key: string;
  payload: ColumnType<unknown, string, string>;
  received_at: CreatedAt;
  processed_at: NullableTime;
  attempts: Generated<number>;
  last_error: string | null;
}

declare module '../../db/schema.ts' {
  interface Database {
    order_states: OrderStatesTable;
    webhook_events: WebhookEventsTable;
  }
}

export type OrderState = Selectable<OrderStatesTable>;
export type WebhookEvent = Selectable<WebhookEventsTable>;
