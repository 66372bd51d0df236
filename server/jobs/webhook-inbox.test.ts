import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../tests/helpers/db.ts';
import { WebhookInbox } from './webhook-inbox.ts';
import type { ReceivedWebhook } from './webhook-runner.ts';

describeEachDatabase('webhook inbox', (ctx) => {
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

  it('fails every webhook of a batch that could not be stored, and stores none of them', async () => {
    const inbox = new WebhookInbox(ctx.db, () => ctx.clock.now());
    const results = await Promise.allSettled([inbox.persist(event('inbox-4')), inbox.persist(event('inbox-5', 999_999_999))]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await rows('inbox-4')).toEqual([]);
  });
});
