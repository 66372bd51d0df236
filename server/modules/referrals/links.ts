import { randomBytes } from 'node:crypto';
import type { Executor } from '../../domain/ledger/index.ts';
import { Refusal } from '../../domain/refusal.ts';

/** A refusal of the referral engine with its HTTP status and machine code (the routes' asApiError renders it). */
export class ReferralError extends Refusal {}

/** What the shopper reads for every referral held for review: never the reason. */
export const NOT_COMPLETED = 'This referral could not be completed.';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newCode(): string {
  return [...randomBytes(8)].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

/** The member's referral code: made once, the same ever after (unguessable, unique in the store). */
export async function referralCode(db: Executor, storeId: number, customerId: number, now: Date): Promise<string> {
  const existing = await db
    .selectFrom('referral_codes')
    .select('code')
    .where('store_id', '=', storeId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (existing) return existing.code;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await db
      .insertInto('referral_codes')
      .values({ store_id: storeId, customer_id: customerId, code: newCode(), created_at: now })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const row = await db.selectFrom('referral_codes').select('code').where('store_id', '=', storeId).where('customer_id', '=', customerId).executeTakeFirst();
    if (row) return row.code;
  }
  throw new Error('Could not make a unique referral code.');
}

/** The member's referral link: the store's site with `?ref={code}`. */
export function referralLink(origin: string, code: string): string {
  return `${origin.replace(/\/$/, '')}/?ref=${encodeURIComponent(code)}`;
}

/** The referrer of a code of this store; a code of another store or an unknown one is refused alike. */
export async function referrerOfCode(db: Executor, storeId: number, code: string) {
  const row = await db
    .selectFrom('referral_codes')
    .innerJoin('customers', 'customers.id', 'referral_codes.customer_id')
    .select(['customers.id', 'customers.first_name', 'customers.email', 'customers.program_status', 'customers.deleted_at'])
    .where('referral_codes.store_id', '=', storeId)
    .where('referral_codes.code', '=', code.trim().toUpperCase())
    .executeTakeFirst();
  if (!row || row.deleted_at !== null || row.program_status === 'excluded')
    throw new ReferralError(404, 'This referral link is not valid.', 'unknown_referral_code');
  return row;
}
