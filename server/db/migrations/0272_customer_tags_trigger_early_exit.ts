import { sql, type Kysely } from 'kysely';

/**
 * The customers' update trigger that keeps `customer_tags` (0164, 0180, 0230) ran its three
 * statements on every update of customers, though only a change of the tags or of the join date
 * concerns it: a VIP tier change (issue 15: tier re-evaluation ≤ 15 % of order earn throughput),
 * a birthday, a name or an order count paid for all three. It now looks once whether any row of the
 * statement changed either, and stops there when none did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function customer_tags_updated() returns trigger language plpgsql as $$
    declare touched boolean;
    begin
      execute 'select exists (select 1 from changed n join previous o on o.id = n.id
        where n.tags is distinct from o.tags or n.created_at is distinct from o.created_at)' into touched;
      if not touched then return null; end if;
      execute 'delete from customer_tags ct using changed n, previous o
        where n.id = o.id and n.tags is distinct from o.tags and ct.customer_id = n.id';
      execute 'insert into customer_tags (store_id, tag, customer_id, joined_at)
        select distinct n.store_id, t.tag, n.id, n.created_at from changed n join previous o on o.id = n.id
          cross join lateral jsonb_array_elements_text(n.tags) t(tag)
        where n.tags is distinct from o.tags
        on conflict do nothing';
      execute 'update customer_tags ct set joined_at = n.created_at from changed n join previous o on o.id = n.id
        where n.created_at is distinct from o.created_at and ct.customer_id = n.id and ct.joined_at is distinct from n.created_at';
      return null;
    end $$`.execute(db);
}
