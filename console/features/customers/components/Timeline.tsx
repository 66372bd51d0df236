import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/Button.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { Banner } from '../../../components/ui/PageHeader.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { timelineQuery } from '../api/customers.ts';
import { describeEntry, entryChange } from './timeline-text.ts';

const PAGE = 20;
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** One timeline of everything that changed the balance, newest first, each entry saying why. */
export function Timeline({ customerId }: { customerId: number }) {
  const [page, setPage] = useState(1);
  const history = useQuery(timelineQuery(customerId, page, PAGE));
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / PAGE));
  return (
    <section className="ls-card" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">Points timeline</h2>
      {history.isError ? <Banner tone="critical">{`The timeline could not be loaded: ${errorMessage(history.error)}`}</Banner> : null}
      {history.isPending ? <p role="status">Loading…</p> : null}
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
