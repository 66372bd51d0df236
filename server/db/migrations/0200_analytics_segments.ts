import { sql, type Kysely } from 'kysely';

/**
 * Analytics rolled up per day and member segment, so a filtered figure reads 365 rows a year
 * instead of every member's entries and orders. Each day of `analytics_daily` is split by what the
 * filters narrow: the member's VIP tier and source ('' for none), each tag they carry and each
 * sales channel — a customer's rows for their tags and the channels they ever ordered through, an
 * order's for its own channel — with '' standing for "any" in the tag and channel columns. Guests'
 * orders sit on the rows of no tag, tier or source. The rows of a day are recomputed with the day
 * (`analytics_dirty`); as they follow the customers' tier, source, tags and channels as they are
 * now, a change of those marks every day of the customer's history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    // (store_id, tag, channel, day, …): a filtered period is one range of the key (a facet of tag
    // and channel, its days), the tier and source narrowed within it
    sql`create table analytics_segments (
      store_id bigint not null,
      tag text not null,
      channel text not null,
      day date not null,
      tier text not null,
      source text not null,
      members_joined integer not null,
      points_net bigint not null,
      pending_net bigint not null,
      points_issued bigint not null,
      points_redeemed bigint not null,
      rewards_issued integer not null,
      rewards_used integer not null,
      member_orders integer not null,
      member_repeat_orders integer not null,
      member_revenue_minor bigint not null,
      guest_orders integer not null,
      guest_revenue_minor bigint not null,
      primary key (store_id, tag, channel, day, tier, source))`,
    // the channels a customer ordered through (a day's recompute reads its customers'; the channel
    // trigger asks whether an order is the customer's first through its channel): the store-wide
    // orders_store_channel_idx would be read whole for each customer
    sql`create index orders_customer_channel_idx on orders (store_id, customer_id, channel) where channel is not null and customer_id is not null`,
    // a recompute replaces the rows of its days
    sql`create index analytics_segments_day_idx on analytics_segments (store_id, day)`,
    // every day of some customers' history, marked for a recompute (their segment changed)
    sql`create function analytics_mark_histories(stores bigint[], ids bigint[]) returns void language sql as $$
      insert into analytics_dirty (store_id, day)
      select distinct k.store_id, h.day from unnest(stores, ids) k(store_id, customer_id)
      cross join lateral (
        select (c.created_at at time zone 'UTC')::date from customers c where c.id = k.customer_id
        union select (e.created_at at time zone 'UTC')::date from ledger_entries e where e.store_id = k.store_id and e.customer_id = k.customer_id
        union select (r.created_at at time zone 'UTC')::date from rewards r where r.store_id = k.store_id and r.customer_id = k.customer_id
        union select (r.used_at at time zone 'UTC')::date from rewards r where r.store_id = k.store_id and r.customer_id = k.customer_id and r.used_at is not null
        union select (o.placed_at at time zone 'UTC')::date from orders o where o.store_id = k.store_id and o.customer_id = k.customer_id
      ) h(day)
    $$`,
    sql`create function analytics_customer_segment_changed() returns trigger language plpgsql as $$
      begin
        execute 'select analytics_mark_histories(array_agg(n.store_id), array_agg(n.id))
          from new_rows n join old_rows o on o.id = n.id
          where (n.vip_tier, n.source, n.tags) is distinct from (o.vip_tier, o.source, o.tags)';
        return null;
      end $$`,
    sql`create trigger customers_analytics_segment after update on customers referencing old table as old_rows new table as new_rows
      for each statement execute function analytics_customer_segment_changed()`,
    // a customer's channels change with their first order through one (or an order's channel or
    // customer changing, or its deletion): the orders' own days are marked by
    // `analytics_mark_orders`. The triggers' statements are planned on each run (EXECUTE): a plan
    // cached for small transition tables makes bulk writes slow
    sql`create function analytics_order_channels_changed() returns trigger language plpgsql as $$
      declare stores bigint[]; ids bigint[];
      begin
        if tg_op = 'INSERT' then
          execute 'select array_agg(n.store_id), array_agg(n.customer_id) from (
            select distinct n.store_id, n.customer_id, n.channel from new_rows n where n.customer_id is not null and n.channel is not null
              and not exists (select 1 from orders o where o.store_id = n.store_id and o.customer_id = n.customer_id and o.channel = n.channel
                and o.id not in (select id from new_rows))) n' into stores, ids;
        elsif tg_op = 'UPDATE' then
          execute 'select array_agg(k.store_id), array_agg(k.customer_id) from (
            select n.store_id, n.customer_id from new_rows n join old_rows o on o.id = n.id
              where (n.customer_id, n.channel) is distinct from (o.customer_id, o.channel) and n.customer_id is not null and n.channel is not null
            union select o.store_id, o.customer_id from new_rows n join old_rows o on o.id = n.id
              where (n.customer_id, n.channel) is distinct from (o.customer_id, o.channel) and o.customer_id is not null and o.channel is not null) k'
            into stores, ids;
        else
          execute 'select array_agg(o.store_id), array_agg(o.customer_id) from (
            select distinct o.store_id, o.customer_id from old_rows o where o.customer_id is not null and o.channel is not null) o' into stores, ids;
        end if;
        if ids is not null then perform analytics_mark_histories(stores, ids); end if;
        return null;
      end $$`,
    sql`create trigger orders_analytics_channels_insert after insert on orders referencing new table as new_rows
      for each statement execute function analytics_order_channels_changed()`,
    sql`create trigger orders_analytics_channels_update after update on orders referencing old table as old_rows new table as new_rows
      for each statement execute function analytics_order_channels_changed()`,
    sql`create trigger orders_analytics_channels_delete after delete on orders referencing old table as old_rows
      for each statement execute function analytics_order_channels_changed()`,
    // the days already rolled up are rolled up again, into their segments too
    sql`insert into analytics_dirty (store_id, day) select store_id, day from analytics_daily`,
  ];
  for (const statement of statements) await statement.execute(db);
}
