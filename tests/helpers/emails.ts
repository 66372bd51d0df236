import { expect } from 'vitest';
import type { Db } from '../../server/db/connection.ts';
import { deliverDue, type RenderedEmail } from '../../server/modules/emails/index.ts';

/**
 * The emails of a store in its shoppers' languages, as tests read them: a shopper with a language
 * (`locale`, or none), the store's languages set, and the outbox delivered through a mailer that
 * keeps what it sends, answering the one email sent to an address.
 */
export function emailsInLanguages(db: () => Db, storeId: () => number, now: () => Date) {
  const sent: (RenderedEmail & { to: string })[] = [];
  const mailer = { send: async (email: RenderedEmail & { to: string }) => void sent.push(email), close: () => {} };
  return {
    /** delivers what is due and answers the email sent to `address` */
    async deliveredTo(address: string) {
      sent.length = 0;
      await deliverDue(db(), mailer, 'http://localhost', now());
      const email = sent.find((mail) => mail.to === address);
      expect(email, `the email to ${address}`).toBeDefined();
      return email!;
    },
    /** a customer of the store who reads `locale` (null: the store does not know their language) */
    customer: (email: string, locale: string | null, firstName = '') =>
      db()
        .insertInto('customers')
        .values({ store_id: storeId(), email, first_name: firstName, last_name: '', locale })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((row) => row.id),
    /** the store's currency and languages (its default and the others it writes in) */
    storeWritesIn: (settings: { currency: string; default_language: string; languages: string[] }) =>
      db()
        .updateTable('stores')
        .set({ settings: JSON.stringify(settings) })
        .where('id', '=', storeId())
        .execute(),
  };
}
