import type { Db } from '../db/connection.ts';
import type { User } from '../db/schema.ts';
import { hashPassword } from './passwords.ts';

/** Sets the console user's status or onboarding stage; answers the user as stored. */
export async function updateUser(db: Db, userId: number, change: { status: string } | { stage: number }): Promise<User> {
  return db.updateTable('users').set(change).where('id', '=', userId).returningAll().executeTakeFirstOrThrow();
}

/** A new password; every other session of the user ends (the one making the change stays). */
export async function changePassword(db: Db, userId: number, keepSessionId: number, password: string, now: Date): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    await trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('id', '!=', keepSessionId)
      .where('revoked_at', 'is', null)
      .execute();
  });
}
