import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Banner } from './PageHeader.tsx';
import { Button } from './Button.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import { formatCount } from '../../lib/format.ts';

/** What a background job reports (the server's import jobs answer this shape). */
export interface JobStatus {
  status: string;
  processed: number;
  total: number;
  error?: string | null;
}

const FINISHED = new Set(['done', 'failed', 'completed', 'cancelled']);
const isFinished = (job: JobStatus) => FINISHED.has(job.status);
const POLL_MS = 1_000;

/**
 * The id of the job a screen started, kept in sessionStorage under the screen's key so a reload
 * (or coming back to the page) shows the same job's progress; cleared once its result was seen.
 */
export function useRememberedJob(storageKey: string): [string | null, (id: string | null) => void] {
  const [id, setId] = useState<string | null>(() => sessionStorage.getItem(storageKey));
  const remember = useCallback(
    (next: string | null) => {
      if (next === null) sessionStorage.removeItem(storageKey);
      else sessionStorage.setItem(storageKey, next);
      setId(next);
    },
    [storageKey],
  );
  return [id, remember];
}

/** A background job's progress by id: polled until it is done or failed, with a progress bar and its counts. */
export function JobProgress({
  jobId,
  label,
  fetchStatus,
  onDismiss,
  pollMs = POLL_MS,
}: {
  jobId: string;
  pollMs?: number;
  label: string;
  fetchStatus: (id: string) => Promise<JobStatus>;
  /** forget the job (shown once it finished) */
  onDismiss?: () => void;
}) {
  const job = useQuery({
    queryKey: ['job', label, jobId],
    queryFn: () => fetchStatus(jobId),
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data) ? false : pollMs),
  });
  if (job.isError) return <Banner tone="critical">{`${label}: the progress could not be read (${errorMessage(job.error)}).`}</Banner>;
  const status = job.data;
  const percent = status && status.total > 0 ? Math.round((status.processed / status.total) * 100) : 0;
  const finished = status ? isFinished(status) : false;
  return (
    <div className="ls-job" aria-busy={!finished}>
      <div className="ls-job__head">
        <span id={`job-${jobId}`}>{label}</span>
        <span role="status">
          {!status
            ? 'Starting…'
            : status.status === 'failed'
              ? 'Failed'
              : finished
                ? 'Done'
                : `${formatCount(status.processed)} of ${formatCount(status.total)}`}
        </span>
      </div>
      <div className="ls-meter" role="progressbar" aria-labelledby={`job-${jobId}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <span style={{ width: `${percent}%` }} />
      </div>
      {status?.error ? <Banner tone="critical">{status.error}</Banner> : null}
      {finished && onDismiss ? (
        <Button size="small" className="ls-job__dismiss" onClick={onDismiss}>
          Dismiss
        </Button>
      ) : null}
    </div>
  );
}
