import { useQuery } from '@tanstack/react-query';
import type { CustomerImportJob } from '../../../../server/contract/customers.ts';
import { JobProgress } from '../../../components/ui/JobProgress.tsx';
import { countOf, formatCount } from '../../../lib/format.ts';
import { importStatus } from '../api/customers.ts';
import { ImportProblems } from './ImportProblems.tsx';

const LABEL = 'Customer import';

/** What a finished import did: created, updated (a field changed), unchanged, skipped, and the opening points credited. */
export const importSummary = (job: CustomerImportJob) =>
  `${countOf(job.created, 'customer')} added, ${formatCount(job.updated)} updated, ${formatCount(job.unchanged)} unchanged, ${formatCount(job.skipped)} skipped, ` +
  `${countOf(job.points_credited, 'opening point')} credited.`;

/** A background import's progress (survives a reload through the remembered id) and, once done, what it wrote and the rows it skipped. */
export function ImportProgress({ jobId, onForget }: { jobId: string; onForget: () => void }) {
  // the same cache entry JobProgress polls
  const job = useQuery({ queryKey: ['job', LABEL, jobId], queryFn: () => importStatus(jobId), enabled: false });
  const done = job.data?.status === 'done' ? job.data : null;
  return (
    <section className="ls-card ls-stack" aria-label="Import">
      <JobProgress jobId={jobId} label={LABEL} fetchStatus={importStatus} onDismiss={onForget} />
      {done ? <p>{importSummary(done)}</p> : null}
      {done && done.skipped > 0 ? <ImportProblems label="Skipped rows" problems={done.skipped_rows} /> : null}
    </section>
  );
}
