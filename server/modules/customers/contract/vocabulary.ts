/** The customer list's vocabulary, shared by the customers module and its contract (no imports, so the console may bundle it). */
export const CUSTOMER_SORTS = ['name', 'email', 'balance', 'pending', 'lifetime', 'joined', 'referrals'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

/** How transaction/customer/list (each customer's points activity in a period) can be sorted. */
export const CUSTOMER_TRANSACTION_SORTS = ['last_activity', 'earned', 'spent', 'net', 'entries'] as const;
export type CustomerTransactionSort = (typeof CUSTOMER_TRANSACTION_SORTS)[number];

/** member: in the program · excluded: earns and redeems nothing · guest: bought without joining. */
export const PROGRAM_STATUSES = ['member', 'excluded', 'guest'] as const;
export type ProgramStatus = (typeof PROGRAM_STATUSES)[number];

/** The fields a customer import file can fill; `email` is required, the rest optional. */
export const IMPORT_FIELDS = ['email', 'first_name', 'last_name', 'birthday', 'points', 'tags'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** What separates tags in a CSV file's tags cell: the import splits on each (the export joins with ';'). */
export const TAG_SEPARATORS = /[;,|]/;

/** One problem of an import file: its line (1 is the header), the column and why. */
export interface ImportProblem {
  line: number;
  column: string;
  reason: string;
}
