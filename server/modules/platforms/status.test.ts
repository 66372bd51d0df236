import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';
import { enqueueJob } from '../../domain/jobs/index.ts';
import { BIGCOMMERCE_BACKFILL_JOB } from './bigcommerce/backfill.ts';
import { markNeedsReconnect, saveConnection } from './connections.ts';

describeEachDatabase(
  'GET /data/v1/platform: the store’s platform connection as the dashboard shows it',
  (ctx) => {
    const overview = async (store: 'A' | 'B') => {
      const [user, storeId] = store === 'A' ? [ctx.fixture.users.alice, ctx.fixture.storeA.id] : [ctx.fixture.users.bob, ctx.fixture.storeB.id];
      const { headers } = await signInOnStore(ctx.app, user, ctx.fixture.password, storeId);
      const response = await ctx.app.inject({ method: 'GET', url: '/data/v1/platform', headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };

    it('is null for a store connected by hand, and never shows another store’s connection', async () => {
      expect(await overview('A')).toBeNull();
      const key = randomBytes(32);
      await saveConnection(ctx.db, [key], {
        storeId: ctx.fixture.storeA.id,
        platform: 'bigcommerce',
        shop: 'abc123',
        token: 'secret-token',
        scopes: '',
        now: ctx.clock.now(),
      });
      expect(await overview('B')).toBeNull();
      const answer = await overview('A');
      expect(answer).toEqual({ platform: 'bigcommerce', shop: 'abc123', status: 'connected', backfill_job_id: null });
      expect(JSON.stringify(answer)).not.toContain('secret-token');
    });

    it('says when the shop refused the token, and names the backfill job to follow', async () => {
      const job = await enqueueJob(ctx.db, { kind: BIGCOMMERCE_BACKFILL_JOB, storeId: ctx.fixture.storeA.id }, ctx.clock.now());
      await markNeedsReconnect(ctx.db, ctx.fixture.storeA.id);
      expect(await overview('A')).toEqual({ platform: 'bigcommerce', shop: 'abc123', status: 'reconnect', backfill_job_id: job.id });
    });
  },
  { postgres: true },
);
