import { idParams } from '../../contract/common.ts';
import { orderImportBody } from '../../contract/customer-points.ts';
import { parseCsv } from '../../domain/orders/import.ts';
import { createImport, findImport, presentImport, runImport } from '../../domain/orders/import-jobs.ts';
import { ImportRunner } from '../../jobs/import-runner.ts';
import { IMPORT_QUEUE, PgBossJobQueue } from '../../jobs/queue.ts';
import type { FastifyInstance } from 'fastify';
import type { RouteModule } from '../context.ts';
import { notFound } from '../errors.ts';

const kickers = new WeakMap<object, (importId: number) => Promise<void>>();

/** Starts a queued import of any kind (products too) on the app's import runner or queue. */
export const importKicker = (app: FastifyInstance) => async (importId: number) => {
  const kick = kickers.get(app.db);
  if (!kick) throw new Error('The order import routes are not registered on this app.');
  await kick(importId);
};

/**
 * Data host order import (issue 7 §4): up to SYNC_IMPORT_LIMIT orders are imported within the
 * request; a larger file answers 202 at once and is imported in the background (pg-boss on a
 * PostgreSQL server, the in-process runner on PGlite), its progress read with GET order/import/{id}.
 */
export const orderImportRoutes: RouteModule = {
  prefix: '/data/v1',
  register(app) {
    // PGlite has one connection: steps of 50 orders keep other requests waiting briefly
    const runner = new ImportRunner(app.db, app.clock, app.config.databaseUrl ? 200 : 50);
    let queue: PgBossJobQueue<{ importId: number }> | null = null;
    const logFailure = (error: unknown) => app.log.error({ err: error }, 'order import failed');
    app.addHook('onReady', async () => {
      if (app.config.databaseUrl) {
        queue = await PgBossJobQueue.start<{ importId: number }>(
          app.config.databaseUrl,
          IMPORT_QUEUE,
          async (jobs) => {
            for (const job of jobs) await runner.process(job.importId);
          },
          { batchSize: 1, onError: logFailure },
        );
      }
      // imports queued before a restart (or left running by a stopped process) carry on
      void runner.kick().catch(logFailure);
    });
    app.addHook('onClose', async () => {
      await queue?.stop();
      await runner.close();
    });
    kickers.set(app.db, async (importId) => {
      if (queue) await queue.enqueue({ importId });
      else void runner.kick().catch(logFailure);
    });
    const kick = importKicker(app);

    app.post(
      '/order/import',
      {
        config: { permission: 'customers:manage' },
        schema: {
          tags: ['orders'],
          summary: 'Import orders from CSV or JSON (idempotent with the webhooks)',
          description:
            'Up to 200 orders: imported within the request (200, status done). More: 202 at once with status queued; read the progress with GET /order/import/{id}. ' +
            'Either way the answer is { id, status: queued|running|done|failed, rows, total, processed, failed_rows: [{ row, message }] }.',
          body: orderImportBody,
        },
      },
      async (request, reply) => {
        const rows = request.body.format === 'csv' ? parseCsv(request.body.csv ?? '') : (request.body.orders ?? []);
        const { record, background } = await createImport(app.db, request.store.id, rows, app.clock.now());
        if (!background) return { data: presentImport(await runImport(app.db, record, () => app.clock.now())) };
        await kick(record.id);
        return reply.code(202).send({ data: presentImport(record) });
      },
    );

    app.get(
      '/order/import/:id',
      { config: { permission: 'customers:manage' }, schema: { tags: ['orders'], summary: 'The progress of an order import', params: idParams } },
      async (request) => {
        const record = await findImport(app.db, request.store.id, request.params.id);
        if (!record) throw notFound('Import');
        return { data: presentImport(record) };
      },
    );
  },
};
