import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from '../../db/schema.ts';

type Time = ColumnType<Date, Date | string, Date | string>;
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json = ColumnType<unknown, string, string>;

interface ExperimentsTable {
  id: Generated<number>;
  store_id: number;
  kind: string;
  split_b: number;
  variant_b: Json;
  variant_b_version: number | null;
  beacon_secret: string;
  status: Generated<'running' | 'stopped'>;
  winner: 'a' | 'b' | null;
  started_at: Time;
  ended_at: NullableTime;
  created_by: number | null;
}

interface ExperimentShoppersTable {
  experiment_id: number;
  shopper_key: string;
  variant: 'a' | 'b';
  first_seen_at: Time;
  visitor_at_first: boolean;
  customer_id: number | null;
  views: Generated<number>;
  opens: Generated<number>;
  redeems: Generated<number>;
}

interface ExperimentBeaconsTable {
  experiment_id: number;
  page_load: string;
  event: string;
  received_at: CreatedAt;
}

declare module '../../db/schema.ts' {
  interface Database {
    experiments: ExperimentsTable;
    experiment_shoppers: ExperimentShoppersTable;
    experiment_beacons: ExperimentBeaconsTable;
  }
}

export type ExperimentRow = {
  id: number;
  store_id: number;
  kind: string;
  split_b: number;
  variant_b: unknown;
  variant_b_version: number | null;
  beacon_secret: string;
  status: 'running' | 'stopped';
  winner: 'a' | 'b' | null;
  started_at: Date;
  ended_at: Date | null;
};
