import type { ColumnType } from 'kysely';

/**
 * The publishing columns of `settings_documents` (the table itself is server core's). The
 * augmentation applies program-wide, so no file needs to import this one.
 */
declare module '../../db/schema.ts' {
  interface SettingsDocumentsTable {
    /** last time this version became the published one; null when it never was */
    published_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    published_by: ColumnType<number | null, number | null | undefined, number | null>;
    /** for a draft made by "restore": the version it copies */
    restored_from: ColumnType<number | null, number | null | undefined, number | null>;
  }
}
