import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { EmailKey } from './contract/kinds.ts';
import { expiryReminderDays, type ExpiryReminderDays } from '../../domain/schemas/expiry-reminders.ts';
import { queueEmails, type QueuedEmail } from './outbox.ts';
import { countValue } from './worded.ts';

const DAY = 86_400_000;

export { expiryReminderDays };

/** Which reminder (if any) a batch expiring `daysLeft` days from now gets. */
export function reminderFor(daysLeft: number, reminder: ExpiryReminderDays): EmailKey | null {
  if (reminder.final > 0 && daysLeft <= reminder.final) return 'final-points-expiry';
  if (reminder.early > 0 && daysLeft <= reminder.early) return 'early-points-expiry';
  return null;
}

/**
 * Queues the points-expiry reminders that are due: for each member and day on which some of their
 * points expire, the "Early points expiry" email once the early notice is reached and the "Final
 * points expiry" email once the final one is (only the final when the points were earned inside
 * its window). One email per member, expiry day and reminder (`expiry:{email}:{customer}:{day}`),
 * so daily reruns queue nothing twice. Returns how many were newly queued.
 */
export async function queueExpiryReminders(db: Db, now: Date): Promise<number> {
  const stores = await db.selectFrom('stores').select(['id', 'settings']).execute();
  let queued = 0;
  for (const store of stores) {
    const reminder = expiryReminderDays(store.settings);
    const horizon = Math.max(reminder.early, reminder.final);
    if (horizon === 0) continue;
    const rows = await db
      .selectFrom('points_batches as b')
      .innerJoin('customers as c', (join) => join.onRef('c.id', '=', 'b.customer_id').onRef('c.store_id', '=', 'b.store_id'))
      .leftJoin('points_accounts as a', (join) => join.onRef('a.customer_id', '=', 'b.customer_id').onRef('a.store_id', '=', 'b.store_id'))
      .select([
        'b.customer_id',
        'c.email',
        sql<string>`to_char(b.expires_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
        sql<number>`sum(b.remaining)`.as('points'),
        sql<number>`max(a.balance)`.as('balance'),
      ])
      .where('b.store_id', '=', store.id)
      .where('b.remaining', '>', 0)
      .where('b.expires_at', '>', now)
      .where('b.expires_at', '<=', new Date(now.getTime() + horizon * DAY))
      .where('c.email', '!=', '')
      .groupBy(['b.customer_id', 'c.email', sql`to_char(b.expires_at at time zone 'UTC', 'YYYY-MM-DD')`])
      .execute();
    const emails = rows.flatMap((row): QueuedEmail[] => {
      const day = new Date(`${row.day}T00:00:00Z`);
      const key = reminderFor(Math.ceil((day.getTime() - now.getTime()) / DAY), reminder);
      if (!key) return [];
      // the figures and the day as they are: the email words them in the member's language when it is sent
      const data = { expiring_points: countValue(row.points), expiry_date: { day: row.day }, loyalty_points_balance: countValue(row.balance) };
      return [{ storeId: store.id, customerId: row.customer_id, key, eventKey: `expiry:${key}:${row.customer_id}:${row.day}`, to: row.email, data }];
    });
    queued += await queueEmails(db, emails, now);
  }
  return queued;
}
