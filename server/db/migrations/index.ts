import type { Migration } from 'kysely';
import * as initial from './0001_initial.ts';
import * as ledger from './0020_ledger.ts';
import * as documentPublishing from './0010_document_publishing.ts';

/**
 * Every migration, in order. Add a file `NNNN_name.ts` exporting `up` and list it here; names
 * sort lexically, so keep the four-digit prefix. Never edit a migration that has shipped.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': initial,
  '0020_ledger': ledger,
  '0010_document_publishing': documentPublishing,
};
