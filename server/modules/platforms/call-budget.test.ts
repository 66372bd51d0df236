import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { PlatformThrottled } from './adapter.ts';
import { callBudget, MAX_WAIT_MS, UNKNOWN_BUCKET } from './call-budget.ts';

describeEachDatabase('a store’s platform call budget', (ctx) => {
  const waits: number[] = [];
  const budget = () => callBudget(ctx.db, ctx.fixture.storeA.id, async (ms) => void waits.push(ms));
  const held = async () =>
    (await ctx.db.selectFrom('platform_call_budgets').select('available').where('store_id', '=', ctx.fixture.storeA.id).executeTakeFirstOrThrow()).available;
  /** the bucket refills while the test runs (a point a second here): a figure is at most `expected`, less by what a busy second refills */
  /** the spends of the calls still out, oldest first */
  const out: string[] = [];
  const about = (actual: number, expected: number, perSecond = 1) => {
    expect(actual).toBeLessThanOrEqual(expected + perSecond);
    expect(actual).toBeGreaterThan(expected - perSecond);
  };

  it('the first call of a store whose bucket is unknown waits as if the bucket were empty, at the smallest documented rate', async () => {
    out.push(await budget().spend(10));
    expect(waits).toHaveLength(1);
    about(waits[0]!, (10 / UNKNOWN_BUCKET.restoreRate) * 1000, 50);
  });

  it('calls spend what the bucket holds at once, then queue: each waits for the points spent before it', async () => {
    // the first call's answer: the bucket holds 10 points and gets a point back a second; nothing else was out, so that is all it holds
    await budget().settle(out.shift()!, { available: 10, maximum: 100, restoreRate: 1 });
    about(await held(), 10);
    waits.length = 0;
    out.push(await budget().spend(4));
    out.push(await budget().spend(4));
    expect(waits).toEqual([]);
    about(await held(), 2);
    out.push(await budget().spend(4));
    out.push(await budget().spend(4));
    expect(waits).toHaveLength(2);
    about(waits[0]! / 1000, 2);
    about(waits[1]! / 1000, 6);
    about(await held(), -6);
  });

  it('a turn further off than it may wait gives its points back (it is not out) and throws PlatformThrottled with the wait', async () => {
    const error = await budget()
      .spend(20)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformThrottled);
    const delayMs = (error as PlatformThrottled).delayMs;
    expect(delayMs).toBeGreaterThan(MAX_WAIT_MS);
    about(delayMs / 1000, 26);
    about(await held(), -6);
  });

  it('what the platform says lowers the budget, never raises it, unless its call was the last to spend and is the only one out', async () => {
    // the four calls above are still out: their answers come now
    await ctx.db.updateTable('platform_call_budgets').set({ available: 80 }).where('store_id', '=', ctx.fixture.storeA.id).execute();
    const inFlight = async () =>
      (await ctx.db.selectFrom('platform_call_budgets').select('in_flight').where('store_id', '=', ctx.fixture.storeA.id).executeTakeFirstOrThrow()).in_flight;
    expect(await inFlight()).toBe(4);
    const bucket = (available: number) => ({ available, maximum: 100, restoreRate: 1 });
    await budget().settle(out.shift()!, bucket(50));
    about(await held(), 50);
    await budget().settle(out.shift()!, bucket(90));
    about(await held(), 50);
    // a call without an answer (the network failed) settles with no figures
    await budget().settle(out.shift()!, null);
    about(await held(), 50);
    expect(await inFlight()).toBe(1);
    // the last call out, but the turn given back above spent after it: it may not have been seen
    await budget().settle(out.shift()!, bucket(90));
    about(await held(), 50);
    expect(await inFlight()).toBe(0);
    // two calls: the later one answered first; then the earlier, alone now, but it may have reached the shop first
    const earlier = await budget().spend(1);
    const later = await budget().spend(1);
    await budget().settle(later, bucket(90));
    about(await held(), 48);
    await budget().settle(earlier, bucket(95));
    about(await held(), 48);
    // the last to spend and the only one out: the bucket's figure is all there is
    await budget().settle(await budget().spend(1), bucket(90));
    about(await held(), 90);
    expect(await inFlight()).toBe(0);
    // a process that died with calls out: once the budget has been still a minute, they are no longer counted
    await ctx.db
      .updateTable('platform_call_budgets')
      .set({ in_flight: 3, at: new Date(Date.now() - 120_000) })
      .where('store_id', '=', ctx.fixture.storeA.id)
      .execute();
    await budget().spend(1);
    expect(await inFlight()).toBe(1);
    // a store's budget is its own
    expect(await ctx.db.selectFrom('platform_call_budgets').select('store_id').execute()).toEqual([{ store_id: ctx.fixture.storeA.id }]);
  });
});
