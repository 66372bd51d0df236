import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { Banner } from '../../../components/ui/PageHeader.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { formatPoints } from '../../../lib/format.ts';
import { useCan } from '../../../lib/useCan.ts';
import { timelineQuery, useApproveHeldPoints, type TimelineEntry } from '../api/customers.ts';
import { describeEntry, entryChange } from './timeline-text.ts';

const PAGE = 20;
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/**
 * Points held for the merchant (an order in another currency): said on the entry, with the button
 * that makes them available for staff who may (customers:support).
 */
function HeldPoints({ entry, approving, onApprove }: { entry: TimelineEntry; approving: boolean; onApprove?: (() => void) | undefined }) {
  return (
    <div className="ls-row">
      <Badge tone="attention">Waiting for your approval</Badge>
      {onApprove ? (
        <Button size="small" disabled={approving} aria-label={`Approve ${formatPoints(entry.pending_points)} held points`} onClick={onApprove}>
          {approving ? 'Approving…' : 'Approve points'}
        </Button>
      ) : null}
    </div>
  );
}

/** One timeline of everything that changed the balance, newest first, each entry saying why. */
export function Timeline({ customerId }: { customerId: number }) {
  const [page, setPage] = useState(1);
  const history = useQuery(timelineQuery(customerId, page, PAGE));
  // the approval lives here, not on its entry: the entry stops being held (and leaves) before the answer is said
  const canApprove = useCan('customers:support');
  const approve = useApproveHeldPoints();
  const toast = useToast();
  const approveEntry = (entry: TimelineEntry) =>
    approve.mutate(entry.id, {
      onSuccess: (answer) =>
        toast({ message: `${formatPoints(entry.pending_points)} points approved: the balance is now ${formatPoints(answer.account.balance)}` }),
    });
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / PAGE));
  return (
    <section className="ls-card" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">Points timeline</h2>
      {history.isError ? <Banner tone="critical">{`The timeline could not be loaded: ${errorMessage(history.error)}`}</Banner> : null}
      {history.isPending ? <p role="status">Loading…</p> : null}
      {approve.isError ? <Banner tone="critical">{`The points were not approved: ${errorMessage(approve.error)}`}</Banner> : null}
      {history.data && history.data.data.length === 0 ? (
        <EmptyState title="No points yet">This customer has not earned, redeemed or been given points.</EmptyState>
      ) : null}
      <ol className="ls-timeline" aria-label="Points history">
        {history.data?.data.map((entry) => {
          const { title, because } = describeEntry(entry);
          return (
            <li key={entry.id} className="ls-timeline__entry">
              <div className="ls-timeline__head">
                <strong>{title}</strong>
                <span className="ls-timeline__points" data-sign={entry.points < 0 ? 'minus' : 'plus'}>
                  {entryChange(entry)}
                </span>
              </div>
              <time dateTime={entry.created_at} className="ls-muted">
                {when(entry.created_at)}
              </time>
              {because.map((line) => (
                <p key={line} className="ls-timeline__why">
                  {line}
                </p>
              ))}
              {entry.held ? (
                <HeldPoints
                  entry={entry}
                  approving={approve.isPending && approve.variables === entry.id}
                  onApprove={canApprove ? () => approveEntry(entry) : undefined}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
      {pages > 1 ? (
        <nav className="ls-row" aria-label="Timeline pages">
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <span>{`Page ${page} of ${pages}`}</span>
          <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
