import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, JsonWithDefault } from '../../db/schema.ts';
import type { NormalizedOrder, OrderEvent } from '../../domain/schemas/normalized-order.ts';
import type { RefundRecord } from './refunds.ts';
import type { ImportFailure } from '../../domain/schemas/import-failure.ts';
import type { NormalizedProduct } from '../products/index.ts';

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
  refunds: JsonWithDefault<Record<string, RefundRecord>>;
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
  /** the parsed body; null when it is parsed from `raw_body` at processing (webhooks received over HTTP) */
  payload: ColumnType<unknown, string | null | undefined, string | null>;
  /** the body as received (the signed bytes as UTF-8), for replay; null for events not received over HTTP */
  raw_body: ColumnType<string | null, string | null | undefined, string | null>;
  received_at: CreatedAt;
  processed_at: NullableTime;
  attempts: Generated<number>;
  last_error: string | null;
  /** a failed event is tried again from this time (null: now) */
  retry_at: NullableTime;
}

export type ImportStatus = 'queued' | 'running' | 'done' | 'failed';
export type ImportKind = 'orders' | 'products';

/** An order import: small ones finish within the request, large ones in the background. */
export interface OrderImportsTable {
  id: Generated<number>;
  store_id: number;
  status: Generated<ImportStatus>;
  /** rows in the file */
  rows: number;
  /** orders to import (the rows that passed validation) */
  total: number;
  /** orders imported so far */
  processed: Generated<number>;
  failed_rows: JsonWithDefault<ImportFailure[]>;
  /** orders, or products: what the rows hold */
  kind: Generated<ImportKind>;
  /** the orders (or products) still to import, emptied when done */
  orders: JsonWithDefault<Array<{ row: number; event: OrderEvent } | { row: number; product: NormalizedProduct }>>;
  error: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  finished_at: NullableTime;
}

declare module '../../db/schema.ts' {
  interface Database {
    order_states: OrderStatesTable;
    webhook_events: WebhookEventsTable;
    order_imports: OrderImportsTable;
  }
}

export type OrderState = Selectable<OrderStatesTable>;
export type WebhookEvent = Selectable<WebhookEventsTable>;
export type OrderImport = Selectable<OrderImportsTable>;
