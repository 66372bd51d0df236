/**
 * Data host GET jobs/{id}: any background job's progress (an import, an export, a VIP apply, an
 * award…), the one place the console's progress bars read.
 */
import { dataEnvelope, idParams } from '../../contract/common.ts';
import { jobView } from '../../contract/jobs.ts';
import { findJob, presentJob } from '../../domain/jobs/index.ts';
import type { RouteModule } from '../context.ts';
import { notFound } from '../errors.ts';

export const jobRoutes: RouteModule = {
  prefix: '/data/v1',
  register(app) {
    app.get(
      '/jobs/:id',
      {
        config: { permission: 'program:read' },
        schema: {
          tags: ['jobs'],
          summary: "A background job's state and progress (units done of its total), its error or its result",
          params: idParams,
          response: { 200: dataEnvelope(jobView) },
        },
      },
      async (request) => {
        const job = await findJob(app.db, request.store.id, request.params.id);
        if (!job) throw notFound('Job');
        return { data: presentJob(job) };
      },
    );
  },
};
