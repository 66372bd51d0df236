/** History's scheduled publishing: the studio's schedules, newest first, with Cancel while one has not run to its end. */
import { useEffect, useState } from 'react';
import type { PublishScheduleInfo, ScheduleState, StudioKind } from '../api.ts';
import { useBuilderApi } from './api-context.ts';

const STATE_NAMES: Record<ScheduleState, string> = {
  scheduled: 'scheduled',
  live: 'live until its end',
  published: 'published',
  ended: 'ended',
  cancelled: 'cancelled',
  failed: 'failed',
};

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; timeZone: string; schedules: PublishScheduleInfo[] };

export function ScheduleList({ kinds }: { kinds: readonly StudioKind[] }) {
  const api = useBuilderApi();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api
      .schedules?.(kinds)
      .then((list) => live && setLoaded({ status: 'ready', ...list }))
      .catch((error: Error) => live && setLoaded({ status: 'error', message: error.message || 'the request failed' }));
    return () => {
      live = false;
    };
  }, [api, kinds]);
  if (!api.schedules) return null;

  const cancel = async (schedule: PublishScheduleInfo) => {
    setMessage('Cancelling…');
    try {
      const cancelled = await api.cancelSchedule?.(schedule.id);
      if (cancelled)
        setLoaded((state) => (state.status === 'ready' ? { ...state, schedules: state.schedules.map((s) => (s.id === cancelled.id ? cancelled : s)) } : state));
      setMessage(schedule.state === 'live' ? 'The end is cancelled: what was published stays.' : 'Schedule cancelled: nothing was published.');
    } catch (error) {
      setMessage(`Cancel failed: ${(error as Error).message}`);
    }
  };

  return (
    <section aria-label="Scheduled publishing">
      <h3>Scheduled publishing</h3>
      {message && <p role="status">{message}</p>}
      {loaded.status === 'loading' && <p>Loading…</p>}
      {loaded.status === 'error' && <p role="alert">Could not load the schedules: {loaded.message}</p>}
      {loaded.status === 'ready' &&
        (loaded.schedules.length === 0 ? (
          <p className="bs-muted">Nothing scheduled. Publish → Schedule… puts saved versions live at a time you choose.</p>
        ) : (
          <ol className="bs-history__list">
            {loaded.schedules.map((schedule) => (
              <ScheduleRow key={schedule.id} schedule={schedule} timeZone={loaded.timeZone} onCancel={() => void cancel(schedule)} />
            ))}
          </ol>
        ))}
    </section>
  );
}

function ScheduleRow({ schedule, timeZone, onCancel }: { schedule: PublishScheduleInfo; timeZone: string; onCancel(): void }) {
  const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const name = schedule.label || `Schedule ${schedule.id}`;
  const versions = schedule.items.map((item) => `${item.kind.replaceAll('_', ' ')} v${item.version}`).join(', ');
  return (
    <li>
      <span>
        <strong>{name}</strong> · {STATE_NAMES[schedule.state]} · {when(schedule.startsAt)}
        {schedule.endsAt ? ` → ${when(schedule.endsAt)}` : ''} ({timeZone}) · {versions}
        {schedule.error ? ` · ${schedule.error}` : ''}
      </span>
      {(schedule.state === 'scheduled' || schedule.state === 'live') && (
        <button type="button" className="bs-link-button" onClick={onCancel}>
          {schedule.state === 'live' ? `Cancel the end of ${name}` : `Cancel ${name}`}
        </button>
      )}
    </li>
  );
}
