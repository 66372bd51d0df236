/**
 * Value normalisation shared by both backends, in one place: PGlite and `pg` disagree on
 * bigint (number vs string) and `pg` turns DATE into a local-time Date. Both drivers get the
 * same parsers, so every query (counts, ids, money in minor units) returns the same JS types.
 */
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;

const toSafeNumber = (value: string): number => {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) && Number.isInteger(parsed)) {
    throw new RangeError(`Integer ${value} exceeds the safe range.`);
  }
  return parsed;
};

/** oid → parser of the text form; used by the PGlite options and the pg type hook. */
export const TYPE_PARSERS: Record<number, (value: string) => unknown> = {
  [INT8]: toSafeNumber,
  [NUMERIC]: Number,
  [DATE]: (value: string) => value,
};

/** A count or bigint that reached us some other way (raw SQL, aggregates). */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') return toSafeNumber(value);
  return 0;
}

/** Values bound to a jsonb column: `pg` would send JS arrays as PostgreSQL arrays. */
export function json(value: unknown): string {
  return JSON.stringify(value);
}
