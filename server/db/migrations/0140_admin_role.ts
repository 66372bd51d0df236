import { sql, type Kysely } from 'kysely';

/** Staff roles: a membership is owner, admin or staff. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table memberships drop constraint memberships_role_check`.execute(db);
  await sql`alter table memberships add constraint memberships_role_check check (role in ('owner', 'admin', 'staff'))`.execute(db);
}
