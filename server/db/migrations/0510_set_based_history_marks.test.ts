import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';

describeEachDatabase(
  'analytics_mark_histories: the days of the given members’ history, read once per table',
  (ctx) => {
    /** A member of the store with a fact of every kind, each on its own day of `month` (UTC). */
    async function member(storeId: number, email: string, month: string) {
      const day = (n: number) => `2025-${month}-${String(n).padStart(2, '0')}T10:00:00Z`;
      const { rows } = await sql<{ id: number }>`
        insert into customers (store_id, email, first_name, last_name, created_at) values (${storeId}, ${email}, 'M', 'H', ${day(1)}) returning id`.execute(
        ctx.db,
      );
      const id = rows[0]!.id;
      const entry = async (source: string, at: string) =>
        (
          await sql<{ id: number }>`
          insert into ledger_entries (store_id, customer_id, type, points, source_type, source_id, computation, created_at)
          values (${storeId}, ${id}, 'award', 10, 'test', ${`${email}:${source}`}, '10', ${at}) returning id`.execute(ctx.db)
        ).rows[0]!.id;
      const batch = async (entryId: number, remaining: number, expiresAt: string | null) =>
        sql`insert into points_batches (store_id, customer_id, entry_id, points, remaining, expires_at)
          values (${storeId}, ${id}, ${entryId}, 10, ${remaining}, ${expiresAt})`.execute(ctx.db);
      await batch(await entry('open', day(2)), 10, `2025-${month}-28T10:00:00Z`);
      // a spent batch's expiry and a batch that never expires mark nothing
      await batch(await entry('spent', day(3)), 0, `2025-${month}-27T10:00:00Z`);
      await batch(await entry('forever', day(4)), 10, null);
      const reward = (code: string, entryId: number, at: string, usedAt: string | null) =>
        sql`insert into rewards (store_id, customer_id, entry_id, code, title, discount_type, discount_value, points_spent, created_at, used_at)
          values (${storeId}, ${id}, ${entryId}, ${code}, 'Reward', 'fixed_amount', 5, 10, ${at}, ${usedAt})`.execute(ctx.db);
      await reward(`${email}-used`, await entry('used', day(4)), day(5), day(6));
      await reward(`${email}-open`, await entry('open-reward', day(4)), day(7), null);
      await sql`insert into orders (store_id, customer_id, external_id, total_minor, currency, status, placed_at)
        values (${storeId}, ${id}, ${`${email}-order`}, 100, 'USD', 'paid', ${day(8)})`.execute(ctx.db);
      await sql`insert into referral_invites (store_id, referrer_id, friend_email, created_at) values (${storeId}, ${id}, 'friend@x.test', ${day(9)})`.execute(
        ctx.db,
      );
      await sql`insert into referral_visits (store_id, visitor, referrer_id, expires_at, created_at)
        values (${storeId}, ${`${email}-visitor`}, ${id}, ${day(20)}, ${day(10)})`.execute(ctx.db);
      await sql`insert into referrals (store_id, referrer_id, friend_email, state, created_at, completed_at)
        values (${storeId}, ${id}, ${`${email}-done@x.test`}, 'completed', ${day(11)}, ${day(12)}),
          (${storeId}, ${id}, ${`${email}-waiting@x.test`}, 'pending', ${day(13)}, null)`.execute(ctx.db);
      const days = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 28].map((n) => `${storeId}:2025-${month}-${String(n).padStart(2, '0')}`);
      return { id, days };
    }

    const marked = async (stores: number[], ids: number[]) => {
      await sql`delete from analytics_dirty`.execute(ctx.db);
      await sql`select analytics_mark_histories(${stores}::bigint[], ${ids}::bigint[])`.execute(ctx.db);
      const { rows } = await sql<{ mark: string }>`select distinct store_id || ':' || to_char(day, 'YYYY-MM-DD') as mark from analytics_dirty`.execute(ctx.db);
      return rows.map((row) => row.mark).sort();
    };

    it('marks each day of their join, entries, rewards given and used, orders, open batches’ expiry and referrals, and no one else’s', async () => {
      const { storeA, storeB } = ctx.fixture;
      const x = await member(storeA.id, 'x@history.test', '01');
      await member(storeA.id, 'y@history.test', '02');
      const z = await member(storeB.id, 'z@history.test', '03');
      expect(await marked([storeA.id], [x.id])).toEqual(x.days.sort());
      expect(await marked([storeA.id, storeB.id, storeA.id], [x.id, z.id, x.id])).toEqual([...x.days, ...z.days].sort());
      // a member named with another store than theirs has no facts there but their join
      expect(await marked([storeB.id], [x.id])).toEqual([`${storeB.id}:2025-01-01`]);
      expect(await marked([], [])).toEqual([]);
    });
  },
  { postgres: true },
);
