import { useQuery } from '@tanstack/react-query';
import type { JobView } from '../../../../server/contract/jobs.ts';
import type { PlatformOverview } from '../../../../server/contract/platforms.ts';
import type { JobStatus } from '../../../components/ui/JobProgress.tsx';
import { api } from '../../../lib/runtime.ts';

/** Data host GET platform: the store's link to the platform it was installed from (null: connected by hand). */
export const usePlatformOverview = () =>
  useQuery({ queryKey: ['platform', 'overview'] as const, queryFn: () => api.get<PlatformOverview>('/platform', { host: 'data' }) });

/** Data host GET jobs/{id}, in the shape the progress bar reads. */
export async function fetchJobStatus(id: string): Promise<JobStatus> {
  const job = await api.get<JobView>(`/jobs/${encodeURIComponent(id)}`, { host: 'data' });
  return { status: job.state, processed: job.progress, total: job.total ?? 0, error: job.error };
}
