import { sql, type Kysely } from 'kysely';

/**
 * The customer list filtered by a tag, newest members first, read from the tag's rows.
 *
 * Each tag row carries its customer's join date (`customers.created_at`, kept in step by the
 * statement-level triggers `customer_tags_inserted` and `customer_tags_updated`, which now also
 * follow a changed join date), and
 * `customer_tags_store_tag_joined_idx (store_id, tag, joined_at desc, customer_id desc)` lists a
 * tag's customers in the list's default order: a page reads its 25 tag rows and 25 customers. Walked from the customers' side instead (`customers_store_joined_idx`,
 * a tag probe per customer), the bench store's newest "vip" customer is the 4,134th newest
 * customer: 4,134 customer rows and as many tag probes for a page (40–117 ms on 1,000,000
 * customers).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    // rebuilt rather than updated in place: an update would leave a dead version of every row (and
    // its index entries) behind until a vacuum, and the rows are written in the new index's order
    sql`create table customer_tags_rebuilt (
      store_id bigint not null,
      tag text not null,
      customer_id bigint not null references customers(id) on delete cascade,
      joined_at timestamptz not null,
      primary key (store_id, tag, customer_id))`,
    sql`insert into customer_tags_rebuilt (store_id, tag, customer_id, joined_at)
      select ct.store_id, ct.tag, ct.customer_id, c.created_at from customer_tags ct join customers c on c.id = ct.customer_id
      order by ct.store_id, ct.tag, c.created_at desc, ct.customer_id desc`,
    sql`drop table customer_tags`,
    sql`alter table customer_tags_rebuilt rename to customer_tags`,
    sql`alter index customer_tags_rebuilt_pkey rename to customer_tags_pkey`,
    sql`alter table customer_tags rename constraint customer_tags_rebuilt_customer_id_fkey to customer_tags_customer_id_fkey`,
    // a customer's own rows, replaced when their tags change
    sql`create index customer_tags_customer_idx on customer_tags (customer_id)`,
    // a tag's customers in the list's default order (newest first, then by id)
    sql`create index customer_tags_store_tag_joined_idx on customer_tags (store_id, tag, joined_at desc, customer_id desc)`,
    sql`analyze customer_tags`,
    sql`create or replace function customer_tags_inserted() returns trigger language plpgsql as $$
      begin
        insert into customer_tags (store_id, tag, customer_id, joined_at)
          select distinct n.store_id, t.tag, n.id, n.created_at from added n cross join lateral jsonb_array_elements_text(n.tags) t(tag)
          on conflict do nothing;
        return null;
      end $$`,
    // planned on each run (EXECUTE), like the customers' other statement-level triggers; a changed
    // join date moves the customer's tag rows along (in this statement-level trigger: customers
    // keep no per-row trigger). One look at the statement's rows first: an update that changed
    // neither tags nor join date (a VIP tier change, a birthday, a name: the tier re-evaluation's
    // writes) stops there, not after three statements
    sql`create or replace function customer_tags_updated() returns trigger language plpgsql as $$
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
      end $$`,
  ];
  for (const statement of statements) await statement.execute(db);
}
