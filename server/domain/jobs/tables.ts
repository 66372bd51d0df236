import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, JsonWithDefault } from '../../db/schema.ts';

type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** null: work of the whole installation (the maintenance pass) */
  store_id: number | null;
  /** with kind and store, makes an enqueue idempotent (null: every enqueue is a new job) */
  key: string | null;
  payload: JsonWithDefault<unknown>;
  state: Generated<JobState>;
  /** units done (rows, customers, …): the resume point of a job taken over */
  progress: Generated<number>;
  total: number | null;
  /** what the job reports when done (counts, a file id, …) */
  result: ColumnType<unknown, string | null | undefined, string | null>;
  /** the runner that holds the job */
  claimed_by: string | null;
  /** when that runner last said it is alive */
  heartbeat_at: NullableTime;
  /** claims so far (a takeover counts) */
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  /** not claimed before this (retries wait their backoff here) */
  run_after: ColumnType<Date, Date | string, Date | string>;
  /** the last attempt's error */
  error: string | null;
  created_at: CreatedAt;
  finished_at: NullableTime;
}

declare module '../../db/schema.ts' {
  interface Database {
    jobs: JobsTable;
  }
}

export type Job = Selectable<JobsTable>;
