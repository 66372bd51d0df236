import { z } from 'zod';

/** A background job as the console follows it (GET /data/v1/jobs/{id}). */
export const jobView = z.object({
  id: z.number().int(),
  kind: z.string(),
  state: z.enum(['queued', 'running', 'done', 'failed', 'cancelled']),
  progress: z.number().int(),
  total: z.number().int().nullable(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  result: z.unknown(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type JobView = z.infer<typeof jobView>;
