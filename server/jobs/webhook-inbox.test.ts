import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../tests/helpers/db.ts';
import { secretDigest, STORE_CHANGED, WebhookInbox, type ReceivedWebhook } from './webhook-inbox.ts';

describeEachDatabase(
  'webhook inbox',
  (ctx) => {
    const event = (eventKey: string, storeId = ctx.fixture.storeA.id): ReceivedWebhook => ({
      storeId,
      platform: 'custom',
      topic: 'order.paid',
      eventKey,
      payload: { event_id: eventKey },
    });
    const rows = async (eventKey: string) => ctx.db.selectFrom('webhook_events').select(['id', 'store_id']).where('event_key', '=', eventKey).execute();

    it('stores webhooks received together, each once, and names the ones already received', async () => {
      const inbox = new WebhookInbox(ctx.db, () => ctx.clock.now());
      const first = await inbox.persist(event('inbox-1'));
      expect(first).toEqual(expect.any(Number));

      const together = await Promise.all([
        inbox.persist(event('inbox-2')),
        inbox.persist(event('inbox-1')), // received before
        inbox.persist(event('inbox-3')),
        inbox.persist(event('inbox-2')), // twice in the same burst
        inbox.persist(event('inbox-2', ctx.fixture.storeB.id)), // the same key from another store is another event
      ]);
      expect(together[1]).toBeNull();
      expect(together[3]).toBeNull();
      const [two, , three, , otherStore] = together;
      expect(new Set([first, two, three, otherStore]).size).toBe(4);
      expect(await rows('inbox-2')).toEqual(
        expect.arrayContaining([
          { id: two, store_id: ctx.fixture.storeA.id },
          { id: otherStore, store_id: ctx.fixture.storeB.id },
        ]),
      );
      expect(await rows('inbox-2')).toHaveLength(2);
      expect(await rows('inbox-3')).toEqual([{ id: three, store_id: ctx.fixture.storeA.id }]);
    });

    it('stores a signed delivery only while its store has the key and secret it was checked with', async () => {
      const inbox = new WebhookInbox(ctx.db, () => ctx.clock.now());
      const { id: storeId, storeName, hmacSecret } = ctx.fixture.storeA;
      const signed = (eventKey: string, signedWith: ReceivedWebhook['signedWith']): ReceivedWebhook => ({ ...event(eventKey), signedWith });
      const results = await Promise.all([
        inbox.persist(signed('inbox-signed-1', { column: 'store_name', key: storeName, secretDigest: secretDigest(hmacSecret) })),
        inbox.persist(signed('inbox-signed-2', { column: 'store_name', key: storeName, secretDigest: secretDigest('a rotated secret') })),
        inbox.persist(signed('inbox-signed-3', { column: 'store_name', key: ctx.fixture.storeB.storeName, secretDigest: secretDigest(hmacSecret) })),
        inbox.persist(signed('inbox-signed-4', { column: 'domain', key: 'elsewhere.myshopify.com', secretDigest: secretDigest(hmacSecret) })),
        inbox.persist(signed('inbox-signed-1', { column: 'store_name', key: storeName, secretDigest: secretDigest(hmacSecret) })),
        inbox.persist(event('inbox-signed-5')),
      ]);
      expect(results).toEqual([expect.any(Number), STORE_CHANGED, STORE_CHANGED, STORE_CHANGED, null, expect.any(Number)]);
      for (const refused of ['inbox-signed-2', 'inbox-signed-3', 'inbox-signed-4']) expect(await rows(refused)).toEqual([]);
      expect(await rows('inbox-signed-1')).toEqual([{ id: results[0], store_id: storeId }]);
    });

    it('fails every webhook of a batch that could not be stored, and stores none of them', async () => {
      const inbox = new WebhookInbox(ctx.db, () => ctx.clock.now());
      const results = await Promise.allSettled([inbox.persist(event('inbox-4')), inbox.persist(event('inbox-5', 999_999_999))]);
      expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
      expect(await rows('inbox-4')).toEqual([]);
    });
  },
  { postgres: true },
);
