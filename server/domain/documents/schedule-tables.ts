import type { ColumnType, Generated, Selectable } from 'kysely';
import type { DocumentKind, StyledSurface } from '../../../renderers/contract/index.ts';
import type { CreatedAt, Json } from '../../db/schema.ts';

type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** scheduled → live (has an end) or published (no end) → ended; cancelled or failed on the way. */
export type ScheduleState = 'scheduled' | 'live' | 'published' | 'ended' | 'cancelled' | 'failed';

/** One document a schedule publishes: the version it holds (and, for the custom style, the surfaces whose styles go live). */
export interface ScheduleItem {
  kind: DocumentKind;
  version: number;
  surfaces?: StyledSurface[] | undefined;
}

/** What the start did to one kind: the version it put live and the one live before (null: the preset default). */
export interface AppliedItem {
  kind: DocumentKind;
  version: number;
  previous: number | null;
}

export interface PublishSchedulesTable {
  id: Generated<number>;
  store_id: number;
  label: Generated<string>;
  items: Json<ScheduleItem[]>;
  starts_at: ColumnType<Date, Date | string, Date | string>;
  ends_at: NullableTime;
  state: Generated<ScheduleState>;
  applied: ColumnType<AppliedItem[] | null, string | null | undefined, string | null>;
  start_job_id: number | null;
  end_job_id: number | null;
  error: string | null;
  created_by: number | null;
  created_at: CreatedAt;
  published_at: NullableTime;
  ended_at: NullableTime;
  cancelled_at: NullableTime;
}

declare module '../../db/schema.ts' {
  interface Database {
    publish_schedules: PublishSchedulesTable;
  }
}

export type PublishSchedule = Selectable<PublishSchedulesTable>;
