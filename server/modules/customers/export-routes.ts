import { Readable } from 'node:stream';
import { idParams } from '../../contract/common.ts';
import { customerExportBody, exportDismissBody } from './contract/customers.ts';
import { exportCustomers } from './export.ts';
import { createExport, dismissExport, exportFile, findExport, presentExport } from './export-jobs.ts';
import type { RouteModule } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { filterOf } from './routes.ts';

const csvHeaders = (day: string) => ({ 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="customers-${day}.csv"` });

/** Spec §7 data host customer/export (streamed now, or a background job with progress and a file) and customer/export/dismiss. */
export const customerExportRoutes: RouteModule = {
  prefix: '/data/v1',
  register(app) {
    const day = () => app.clock.now().toISOString().slice(0, 10);

    app.post(
      '/customer/export',
      {
        config: { permission: 'customers:manage' },
        schema: {
          tags: ['customers'],
          summary: 'The filtered customers (or the chosen ones) as CSV: streamed in the answer, or with background: true a job (202) to follow and download',
          body: customerExportBody,
        },
      },
      async (request, reply) => {
        const filter = { ...filterOf(request.body), ids: request.body.customer_ids };
        if (!request.body.background) return reply.headers(csvHeaders(day())).send(Readable.from(exportCustomers(app.db, request.store.id, filter)));
        const job = await createExport(app.db, request.store.id, filter, app.clock.now());
        app.work.jobsQueued.raise();
        return reply.code(202).send({ data: presentExport(job) });
      },
    );

    app.get(
      '/customer/export/:id',
      { config: { permission: 'customers:manage' }, schema: { tags: ['customers'], summary: 'The progress of a customer export', params: idParams } },
      async (request) => {
        const job = await findExport(app.db, request.store.id, request.params.id);
        if (!job) throw notFound('Export');
        return { data: presentExport(job) };
      },
    );

    app.get(
      '/customer/export/:id/file',
      {
        config: { permission: 'customers:manage' },
        schema: { tags: ['customers'], summary: 'The CSV of a finished customer export, streamed', params: idParams },
      },
      async (request, reply) => {
        const job = await findExport(app.db, request.store.id, request.params.id);
        if (!job || job.status !== 'done') throw notFound('Finished export');
        return reply.headers(csvHeaders(job.created_at.toISOString().slice(0, 10))).send(Readable.from(exportFile(app.db, job.id)));
      },
    );

    app.post(
      '/customer/export/dismiss',
      { config: { permission: 'customers:manage' }, schema: { tags: ['customers'], summary: 'Forget an export and its file', body: exportDismissBody } },
      async (request) => {
        if (!(await dismissExport(app.db, request.store.id, request.body.id))) throw notFound('Export');
        return { data: { id: request.body.id, dismissed: true } };
      },
    );
  },
};
