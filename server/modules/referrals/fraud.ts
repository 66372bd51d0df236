import { sql } from 'kysely';
import type { Executor } from '../../domain/ledger/index.ts';
import type { NormalizedOrder } from '../../domain/schemas/normalized-order.ts';
import type { ReferralSettings } from './contract.ts';
import type { FraudFlag, Referral } from './tables.ts';

/** Throwaway mailbox domains (the common ones); a friend's address there is held for review. */
export const DISPOSABLE_DOMAINS = new Set([
  'mailinator.com',
  'guerrillamail.com',
  'guerrillamail.net',
  'sharklasers.com',
  '10minutemail.com',
  '10minutemail.net',
  'tempmail.com',
  'temp-mail.org',
  'tempmailo.com',
  'throwawaymail.com',
  'yopmail.com',
  'yopmail.net',
  'getnada.com',
  'trashmail.com',
  'dispostable.com',
  'maildrop.cc',
  'fakeinbox.com',
  'mintemail.com',
  'mohmal.com',
  'emailondeck.com',
  'mailnesia.com',
  'spamgourmet.com',
  'burnermail.io',
  'moakt.com',
]);

/** The reason each flag is recorded with (the console shows it; the shopper never sees it). */
export const FLAG_REASONS: Record<FraudFlag, string> = {
  self_referral_email: "the friend's e-mail is the referrer's own",
  self_referral_customer: 'the order was placed by the referrer',
  self_referral_address: "the order ships to an address of the referrer's orders",
  self_referral_payment: "the order was paid with a card of the referrer's orders",
  ip_burst: 'too many referrals from one IP address in a short time',
  device_burst: 'too many referrals from one device in a short time',
  disposable_email: "the friend's e-mail is at a disposable mailbox domain",
};

export const reasonOf = (flags: FraudFlag[]) => flags.map((flag) => FLAG_REASONS[flag]).join('; ');

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Flags of a friend taking the coupon: own address, disposable domain, bursts from one IP or device. */
export async function claimFlags(
  db: Executor,
  storeId: number,
  input: { email: string; referrerEmail: string; ip: string | null; device: string | null },
  settings: ReferralSettings,
  now: Date,
): Promise<FraudFlag[]> {
  const flags: FraudFlag[] = [];
  if (input.email === input.referrerEmail.toLowerCase()) flags.push('self_referral_email');
  if (settings.block_disposable_emails && DISPOSABLE_DOMAINS.has(domainOf(input.email))) flags.push('disposable_email');
  const since = new Date(now.getTime() - settings.burst_minutes * 60_000);
  for (const [column, value, flag] of [
    ['ip', input.ip, 'ip_burst'],
    ['device', input.device, 'device_burst'],
  ] as const) {
    if (!value) continue;
    const row = await db
      .selectFrom('referrals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', storeId)
      .where(column, '=', value)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(row.n) >= settings.burst_max) flags.push(flag);
  }
  return flags;
}

/** Flags of the friend's order: placed by the referrer, or to one of their addresses or with one of their cards. */
export async function orderFlags(db: Executor, referral: Referral, order: NormalizedOrder, customerId: number | null): Promise<FraudFlag[]> {
  const flags: FraudFlag[] = [];
  if (customerId === referral.referrer_id) flags.push('self_referral_customer');
  for (const [field, value, flag] of [
    ['addressKey', order.addressKey, 'self_referral_address'],
    ['paymentFingerprint', order.paymentFingerprint, 'self_referral_payment'],
  ] as const) {
    if (!value) continue;
    const match = await db
      .selectFrom('order_states')
      .select('id')
      .where('store_id', '=', referral.store_id)
      .where('customer_id', '=', referral.referrer_id)
      .where(sql<string>`data->>${sql.lit(field)}`, '=', value)
      .limit(1)
      .executeTakeFirst();
    if (match) flags.push(flag);
  }
  return flags;
}
