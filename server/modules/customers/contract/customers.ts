import { z } from 'zod';
import {
  CUSTOMER_SORTS,
  CUSTOMER_TRANSACTION_SORTS,
  IMPORT_FIELDS,
  PROGRAM_STATUSES,
  TAG_SEPARATORS,
  type ImportProblem,
  type ProgramStatus,
} from './vocabulary.ts';
import { idField } from '../../../domain/schemas/fields.ts';
import { POINTS_LIMITS } from '../../../domain/schemas/points-limits.ts';

/** spec §5's reward date rule, shared with the console's warning */
export { calendarDayIn, rewardDateOf, storeTimeZone } from '../../../domain/schemas/reward-dates.ts';

export { CUSTOMER_SORTS, CUSTOMER_TRANSACTION_SORTS, PROGRAM_STATUSES, type ProgramStatus };

/** The largest page of the customer list; a larger `limit` is capped to it, not refused. */
export const CUSTOMER_PAGE_LIMIT = 100;

/** A page size: `fallback` when absent, capped (not refused) at CUSTOMER_PAGE_LIMIT. */
const cappedLimit = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .default(fallback)
    .transform((limit) => Math.min(limit, CUSTOMER_PAGE_LIMIT));

const pointsRange = z
  .string()
  .trim()
  .regex(/^\d{0,9}-\d{0,9}$|^\d{1,9}$/, 'Use a range such as 100-500, 100- or -500.')
  .transform((text) => {
    const [min, max = min] = text.split('-');
    return { min: min ? Number(min) : undefined, max: max ? Number(max) : undefined };
  });

/** spec §7 data host GET /customer?page with search, type, sort_by, status, source, program_status, vip_tier, points. */
export const customerListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: cappedLimit(25),
  search: z.string().max(100).optional(),
  /** which field the search text looks at */
  type: z.enum(['all', 'email', 'name']).optional(),
  /** `column` ascending or `-column` descending */
  sort_by: z
    .string()
    .regex(new RegExp(`^-?(${CUSTOMER_SORTS.join('|')})$`), `Sort by one of ${CUSTOMER_SORTS.join(', ')} (prefix - for descending).`)
    .optional(),
  status: z.enum(['active', 'deleted', 'all']).optional(),
  source: z.string().trim().max(40).optional(),
  program_status: z.enum(PROGRAM_STATUSES).optional(),
  vip_tier: z.string().trim().max(60).optional(),
  /** customers carrying this tag */
  tag: z.string().trim().max(40).optional(),
  /** balance range: `min-max`, `min-` or `-max` */
  points: pointsRange.optional(),
});
export type CustomerListQuery = z.input<typeof customerListQuery>;

/** One row of the list (and the header of the detail). */
export interface CustomerRow {
  id: number;
  name: string;
  first_name: string;
  last_name: string;
  email: string;
  birthday: string | null;
  tags: string[];
  balance: number;
  pending: number;
  lifetime: number;
  vip_tier: string | null;
  referrals: number;
  program_status: ProgramStatus;
  /** in the holdout group: kept out of the program to measure its lift, so it earns nothing whatever its status */
  holdout: boolean;
  source: string;
  joined_at: string;
  deleted: boolean;
}

export interface CustomerListAnswer {
  data: CustomerRow[];
  /** matching customers, counted up to 10,000 past the page */
  total: number;
  /** more customers match than `total` says (the count stopped) */
  total_capped: boolean;
  page: number;
  limit: number;
}

export const customerIdParams = z.strictObject({ id: idField });

/** POST customer/birthday (spec §5: saved at least a month ahead, otherwise the reward waits until next year). */
export const customerBirthdayBody = z.strictObject({
  customer_id: idField,
  birthday: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD.')
    .refine((text) => {
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) && date.getUTCFullYear() >= 1900;
    }, 'Enter a real date.'),
});

/** POST customer/program/change: exclude customers from the program or include them again. */
export const programChangeBody = z.strictObject({
  customer_ids: z.array(idField).min(1, 'Choose at least one customer.').max(1000),
  program_status: z.enum(PROGRAM_STATUSES),
});

/** POST customer/delete. */
export const customerDeleteBody = z.strictObject({ customer_id: idField });

/** POST customer/export: the current filter of the list (or chosen customers) as CSV. */
export const customerExportBody = customerListQuery
  .omit({ page: true, limit: true })
  .extend({
    customer_ids: z.array(idField).max(1000).optional(),
    /** true: a background job (202 with its id; progress with GET customer/export/{id}, the file with GET customer/export/{id}/file) */
    background: z.boolean().optional(),
  })
  .strict();

/** POST customer/export/dismiss: forget a finished export and its file. */
export const exportDismissBody = z.strictObject({ id: idField });

/** Customer files larger than this are refused (413) before they are read. */
export const CUSTOMER_IMPORT_BYTES = 32 * 1024 * 1024;

/**
 * POST customer/import: a CSV of customers (email; optional first_name, last_name, birthday
 * YYYY-MM-DD, points as the opening balance, tags separated by ; or |). `mapping` says which
 * header fills each field (guessed from the headers when absent). `dry_run` checks every row and
 * writes nothing; otherwise a file without problems is imported in the background. With
 * `skip_bad_rows` the rows with problems are left out (and listed) and the good ones imported;
 * without it a file with any problem is refused whole.
 */
export const customerImportBody = z.strictObject({
  csv: z.string().min(1, 'Choose a CSV file.').max(CUSTOMER_IMPORT_BYTES),
  mapping: z.partialRecord(z.enum(IMPORT_FIELDS), z.string().max(200)).optional(),
  dry_run: z.boolean().optional(),
  skip_bad_rows: z.boolean().optional(),
});

/** POST /customer/invite: invite the chosen customers, or every past customer who never joined (guests). */
export const customerInviteBody = z.strictObject({
  customer_ids: z.array(idField).max(1000).optional(),
});

export { IMPORT_FIELDS };
export type { ImportProblem };

/**
 * A dry run's answer: the file's headers, the mapping used, its rows, every problem, and what
 * importing its good rows would do now (the same rules as the import: created, updated when a
 * field changes, unchanged, skipped rows with problems, and the opening points actually credited).
 */
export interface ImportCheck {
  headers: string[];
  mapping: Partial<Record<(typeof IMPORT_FIELDS)[number], string>>;
  rows: number;
  valid: number;
  created: number;
  updated: number;
  unchanged: number;
  /** rows with problems (left out with skip_bad_rows, otherwise the file is refused) */
  skipped: number;
  opening_points: number;
  problems: ImportProblem[];
  /** the problems are the whole file's (header, encoding, size): skipping bad rows cannot help */
  whole_file: boolean;
}

/** An import's progress (POST customer/import without dry_run, GET customer/import/{id}). */
export interface CustomerImportJob {
  id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  processed: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** the skipped rows' problems (the first 1,000) */
  skipped_rows: ImportProblem[];
  points_credited: number;
  error: string | null;
}

/** One customer tag as the tag calls take it. */
export const tagName = z
  .string()
  .trim()
  .min(1, 'A tag cannot be empty.')
  .max(40, 'A tag is at most 40 characters.')
  // a CSV file's tags cell is split on them (the export joins with ';'): a tag holding one would not come back whole
  .refine((tag) => !TAG_SEPARATORS.test(tag), 'A tag cannot contain ; , or | (they separate tags in CSV files).');

/** POST tag/customer?limit&page&search (and GET tag): the customer tags in use, with how many customers carry each. */
export const customerTagQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: cappedLimit(50),
});

/** POST tag/customer with a body: add and remove tags on the chosen customers (the answer is the tag list). */
export const customerTagBody = z
  .strictObject({
    customer_ids: z.array(idField).min(1, 'Choose at least one customer.').max(1000),
    add: z.array(tagName).max(20).default([]),
    remove: z.array(tagName).max(20).default([]),
  })
  .refine((body) => body.add.length + body.remove.length > 0, { message: 'Name a tag to add or remove.', path: ['add'] })
  .nullish();

export interface CustomerTag {
  tag: string;
  customers: number;
}

const countRange = z
  .strictObject({ min: z.number().int().min(0).optional(), max: z.number().int().min(0).optional() })
  .refine((range) => range.min === undefined || range.max === undefined || range.min <= range.max, 'The minimum is above the maximum.');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD.');
const dayRange = z
  .strictObject({ from: day.optional(), to: day.optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, 'The start is after the end.');

/** Who an award reaches (GET /award/filter-attributes lists these): members only, by tier, tag, balance, joined, last order and spend. */
export const awardFilterSchema = z.strictObject({
  vip_tier: z.string().trim().min(1).max(60).optional(),
  tag: tagName.optional(),
  points: countRange.optional(),
  joined: dayRange.optional(),
  last_order: dayRange.optional(),
  /** total spent in minor units */
  spend: countRange.optional(),
});
const awardPoints = z.number().int().min(1, 'Grant at least 1 point.').max(POINTS_LIMITS.adjustment);

/** POST award/preview: how many customers the filter reaches and the points in all. */
export const awardPreviewBody = z.strictObject({ filter: awardFilterSchema.default({}), points: awardPoints });

/** POST /award/update: save a draft award (a new one without id); a granted award no longer changes. */
export const awardUpdateBody = z.strictObject({
  id: idField.optional(),
  name: z.string().trim().min(1, 'Name the award.').max(100),
  points: awardPoints,
  filter: awardFilterSchema.default({}),
});

/** GET /award/grant?award_id: grant a saved award in the background, once. */
export const awardGrantQuery = z.strictObject({ award_id: idField });

/** GET /award/history?limit&page. */
export const awardHistoryQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: cappedLimit(20),
});

const transactionDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31.');

/** Data host POST transaction/customer/list: each customer's points activity in a period (UTC days, inclusive), paged. */
export const customerTransactionListBody = z
  .strictObject({
    page: z.number().int().min(1).max(1_000_000).default(1),
    limit: cappedLimit(25),
    /** part of the customer's e-mail or name */
    search: z.string().trim().max(100).optional(),
    from: transactionDay.optional(),
    to: transactionDay.optional(),
    /** `column` ascending or `-column` descending (default: the latest activity first) */
    sort_by: z
      .string()
      .regex(new RegExp(`^-?(${CUSTOMER_TRANSACTION_SORTS.join('|')})$`), `Sort by one of ${CUSTOMER_TRANSACTION_SORTS.join(', ')} (prefix - for descending).`)
      .default('-last_activity'),
  })
  .refine((body) => !body.from || !body.to || body.from <= body.to, { message: 'The first day comes before the last.', path: ['from'] });

/** One row of transaction/customer/list. */
export interface CustomerTransactionRow {
  customer: { id: number; email: string; name: string; deleted: boolean };
  entries: number;
  earned: number;
  spent: number;
  expired: number;
  clawed_back: number;
  net: number;
  last_activity: string;
}

/** An award as the award calls answer it (status: draft, granting, done, failed). */
export interface AwardRow {
  id: number;
  name: string;
  points: number;
  filter: z.infer<typeof awardFilterSchema>;
  status: 'draft' | 'granting' | 'done' | 'failed';
  total: number;
  processed: number;
  granted_points: number;
  created_by: string;
  granted_by: string | null;
  error: string | null;
  created_at: string;
  granted_at: string | null;
  finished_at: string | null;
}

/** One attribute GET /award/filter-attributes offers (list: choose one of `options`). */
export interface AwardFilterAttribute {
  key: keyof z.infer<typeof awardFilterSchema>;
  label: string;
  kind: 'list' | 'number_range' | 'date_range';
  options: string[];
}

/** Data host award/preview's answer. */
export interface AwardPreview {
  customers: number;
  points_each: number;
  total_points: number;
}

/** GET customer/data-requests?customer_id: the platforms' requests for the customer's data (Shopify customers/data_request). */
export const dataRequestListQuery = z.strictObject({ customer_id: idField });
export const dataRequestRecord = z.object({ id: z.number().int(), platform: z.string(), request_ref: z.string(), requested_at: z.string() });
export type DataRequestRecord = z.infer<typeof dataRequestRecord>;
