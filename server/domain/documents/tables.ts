import type { ColumnType } from 'kysely';

/**
 * The publishing and variant columns of `settings_documents` (the table itself is server
 * core's). The augmentation applies program-wide, so no file needs to import this one.
 */
declare module '../../db/schema.ts' {
  interface SettingsDocumentsTable {
    /** last time this version became the published one; null when it never was */
    published_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    published_by: ColumnType<number | null, number | null | undefined, number | null>;
    /** for a draft made by "restore": the version it copies */
    restored_from: ColumnType<number | null, number | null | undefined, number | null>;
    /** the variant `restored_from` belongs to when it is not this row's own; null: the same variant */
    restored_from_variant: ColumnType<'a' | 'b' | null, 'a' | 'b' | null | undefined, 'a' | 'b' | null>;
    /** 'a': the drafts and the published version; 'b': an experiment's variant B (never published) */
    variant: ColumnType<'a' | 'b', 'a' | 'b' | undefined, 'a' | 'b'>;
    /** how this save resolved a conflict with the draft it is based on (ConflictResolution, kinds.ts) */
    conflict: ColumnType<'kept_over' | 'set_aside' | null, 'kept_over' | 'set_aside' | null | undefined, 'kept_over' | 'set_aside' | null>;
  }
}
