import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from '../../db/schema.ts';

/** An image a store uploaded to its gallery, its bytes kept in the row. */
export interface MediaTable {
  id: Generated<number>;
  store_id: number;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  content: ColumnType<Uint8Array, Uint8Array, never>;
  /** the unguessable key the image is served by (`/media/{key}`) */
  key: Generated<string>;
  created_at: CreatedAt;
}

declare module '../../db/schema.ts' {
  interface Database {
    media: MediaTable;
  }
}
