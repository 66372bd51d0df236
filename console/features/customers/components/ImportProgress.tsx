import { useQuery } from '@tanstack/react-query';
import { JobProgress } from '../../../components/ui/JobProgress.tsx';
import { formatCount, formatPoints } from '../../../lib/format.ts';
import { importStatus } from '../api/customers.ts';

const LABEL = 'Customer import';

/** A background import's progress (survives a reload through the remembered id) and, once done, what it wrote. */
export function ImportProgress({ jobId, onForget }: { jobId: string; onForget: () => void }) {
  // the same cache entry JobProgress polls
  const job = useQuery({ queryKey: ['job', LABEL, jobId], queryFn: () => importStatus(jobId), enabled: false });
  const done = job.data?.status === 'done' ? job.data : null;
  return (
    <section className="ls-card ls-stack" aria-label="Import">
      <JobProgress jobId={jobId} label={LABEL} fetchStatus={importStatus} onDismiss={onForget} />
      {done ? (
        <p>{`${formatCount(done.created)} customers added, ${formatCount(done.updated)} updated, ${formatPoints(done.points_credited)} opening points credited.`}</p>
      ) : null}
    </section>
  );
}
