import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../tests/helpers/db.ts';
import { credit, verifyLedger } from '../domain/ledger/index.ts';
import { newCustomer, totals } from '../domain/ledger/testing.ts';
import { maintainLedger } from './ledger-maintenance.ts';

const DAY = 86_400_000;

describeEachDatabase('ledger maintenance job', (ctx) => {
  it('releases due pending points and expires old batches for every account, once', async () => {
    const storeId = ctx.fixture.storeA.id;
    const now = ctx.clock.now();
    const [a, b] = [await newCustomer(ctx.db, storeId), await newCustomer(ctx.db, storeId)];
    await credit(ctx.db, { storeId, customerId: a, type: 'order_earn', points: 30, sourceType: 'order', sourceId: 'm1', computation: 'x', releaseAt: new Date(now.getTime() + 3 * DAY) }, now);
    await credit(ctx.db, { storeId, customerId: b, type: 'order_earn', points: 12, sourceType: 'order', sourceId: 'm2', computation: 'x', expiresAt: new Date(now.getTime() + 2 * DAY) }, now);
    ctx.clock.advance(4 * DAY);
    expect(await maintainLedger(ctx.db, ctx.clock)).toEqual({ released: 1, expired: 1 });
    expect(await maintainLedger(ctx.db, ctx.clock)).toEqual({ released: 0, expired: 0 });
    expect(await totals(ctx.db, storeId, a)).toEqual({ balance: 30, pending: 0, lifetime: 30 });
    expect(await totals(ctx.db, storeId, b)).toEqual({ balance: 0, pending: 0, lifetime: 12 });
    expect(await verifyLedger(ctx.db)).toEqual([]);
  });
});
