import { idParams } from '../../contract/common.ts';
import { orderImportBody } from './contract.ts';
import { parseCsv } from './import.ts';
import { createImport, findImport, presentImport, runImport } from './import-jobs.ts';
import type { RouteModule } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';

/**
 * Data host order import: up to 200 orders are imported within the request; a larger file answers
 * 202 at once and is imported in the background as a job, its progress read with GET order/import/{id}.
 */
export const orderImportRoutes: RouteModule = {
  prefix: '/data/v1',
  register(app) {
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
        app.work.jobsQueued.raise();
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
