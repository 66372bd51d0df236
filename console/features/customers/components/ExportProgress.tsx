import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/Button.tsx';
import { JobProgress } from '../../../components/ui/JobProgress.tsx';
import { Banner } from '../../../components/ui/PageHeader.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { dismissExport, downloadExport, exportStatus } from '../api/customers.ts';
import { saveFile } from './download.ts';

const LABEL = 'Customer export';

/** A background export's progress (survives a reload through the remembered id), its file once done, and dismissing it. */
export function ExportProgress({ jobId, onForget }: { jobId: string; onForget: () => void }) {
  // the same cache entry JobProgress polls: the download appears when it says done
  const job = useQuery({ queryKey: ['job', LABEL, jobId], queryFn: () => exportStatus(jobId), enabled: false });
  const [failure, setFailure] = useState<string | null>(null);
  const dismiss = () => {
    void dismissExport(jobId).catch(() => undefined);
    onForget();
  };
  const download = async () => {
    setFailure(null);
    try {
      const file = await downloadExport(jobId);
      saveFile(file.blob, file.filename);
    } catch (error) {
      setFailure(`The file could not be downloaded: ${errorMessage(error)}`);
    }
  };
  return (
    <section className="ls-card ls-stack" aria-label="Export">
      <JobProgress jobId={jobId} label={LABEL} fetchStatus={exportStatus} onDismiss={dismiss} />
      {job.data?.status === 'done' ? (
        <div>
          <Button variant="primary" onClick={() => void download()}>
            Download CSV
          </Button>
        </div>
      ) : null}
      {job.isError || failure ? <Banner tone="critical">{failure ?? errorMessage(job.error)}</Banner> : null}
    </section>
  );
}
