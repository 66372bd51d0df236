import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, Json } from '../../db/schema.ts';
import type { EmailFields } from './starters.ts';
import type { EmailData } from './worded.ts';

type Id = Generated<number>;
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface EmailTemplatesTable {
  id: Id;
  store_id: number;
  email_key: string;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  fields: Json<Partial<EmailFields>>;
  /** the visual editor's design (Unlayer JSON); null for the simple form */
  json_content: ColumnType<unknown, string | null | undefined, string | null>;
  /** sanitised HTML exported by the visual editor; null for the simple form */
  content: string | null;
  /** which editor made the current design: simple | unlayer */
  editor: ColumnType<string, string | undefined, string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by: number | null;
}

export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';

export interface EmailOutboxTable {
  id: Id;
  store_id: number;
  customer_id: number | null;
  email_key: string;
  /** one email per event: unique per store */
  event_key: string;
  to_address: string;
  /** the language of a recipient who is no member (their own, or the inviting member's when queued); null: the member's, else the store's default */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  data: ColumnType<EmailData, string | undefined, string>;
  /** the email as rendered when queued (test sends); null = rendered from the template at send time */
  rendered: ColumnType<{ subject: string; html: string; text: string } | null, string | null | undefined, string | null>;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  /** random token of this email's one-click unsubscribe link */
  unsubscribe_token: string;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  sent_at: NullableTime;
  created_at: CreatedAt;
}

export interface EmailUnsubscribesTable {
  store_id: number;
  email: string;
  created_at: CreatedAt;
}

declare module '../../db/schema.ts' {
  interface Database {
    email_templates: EmailTemplatesTable;
    email_outbox: EmailOutboxTable;
    email_unsubscribes: EmailUnsubscribesTable;
  }
}

export type EmailTemplateRow = Selectable<EmailTemplatesTable>;
export type OutboxRow = Selectable<EmailOutboxTable>;
