/** The customer list's vocabulary, shared by the domain and the API contract (no imports, so the console may bundle it). */
export const CUSTOMER_SORTS = ['name', 'email', 'balance', 'pending', 'lifetime', 'joined', 'referrals'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

/** member: in the program · excluded: earns and redeems nothing · guest: bought without joining. */
export const PROGRAM_STATUSES = ['member', 'excluded', 'guest'] as const;
export type ProgramStatus = (typeof PROGRAM_STATUSES)[number];
