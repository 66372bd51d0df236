/**
 * The confirmation before publishing: what goes live compared with what the storefront shows
 * now, per document of the studio (publish-summary.ts), or that there is nothing to publish.
 * "Publish now" confirms; "Schedule…" (where the API schedules) asks when instead; Cancel,
 * Escape or the backdrop change nothing.
 */
import { useEffect, useMemo, useState, type RefObject } from 'react';
import type { StudioKind } from '../api.ts';
import type { SurfaceDocs } from '../store/documents.ts';
import { useBuilder } from '../store/store.ts';
import { useBuilderApi } from './api-context.ts';
import { Modal } from './Modal.tsx';
import { publishChanges } from './publish-summary.ts';
import { ScheduleForm, type ScheduleWindow } from './ScheduleForm.tsx';

type Published = { status: 'loading' } | { status: 'ready'; docs: SurfaceDocs } | { status: 'error'; message: string };

/** What the storefront shows of each of `kinds`, loaded once when the dialog opens. */
function usePublished(kinds: readonly StudioKind[]): Published {
  const api = useBuilderApi();
  const [published, setPublished] = useState<Published>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    Promise.all(kinds.map((kind) => api.loadPublished(kind)))
      .then((records) => {
        if (live) setPublished({ status: 'ready', docs: Object.fromEntries(records.map((record) => [record.kind, record.document])) as SurfaceDocs });
      })
      .catch((error: Error) => {
        if (live) setPublished({ status: 'error', message: error.message || 'the request failed' });
      });
    return () => {
      live = false;
    };
  }, [api, kinds]);
  return published;
}

export interface PublishDialogProps {
  kinds: readonly StudioKind[];
  onConfirm(): void;
  /** schedules the saved versions instead; absent: Publish now only */
  onSchedule?: ((window: ScheduleWindow) => void) | undefined;
  onCancel(): void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export function PublishDialog({ kinds, onConfirm, onSchedule, onCancel, returnFocusTo }: PublishDialogProps) {
  const [scheduling, setScheduling] = useState(false);
  if (scheduling && onSchedule) {
    return (
      <Modal title="Schedule publishing" onCancel={onCancel} returnFocusTo={returnFocusTo}>
        <ScheduleForm kinds={kinds} onSchedule={onSchedule} onBack={() => setScheduling(false)} />
      </Modal>
    );
  }
  return (
    <PublishNow
      kinds={kinds}
      onConfirm={onConfirm}
      onCancel={onCancel}
      returnFocusTo={returnFocusTo}
      onScheduleInstead={onSchedule && (() => setScheduling(true))}
    />
  );
}

function PublishNow({
  kinds,
  onConfirm,
  onCancel,
  returnFocusTo,
  onScheduleInstead,
}: Omit<PublishDialogProps, 'onSchedule'> & { onScheduleInstead: (() => void) | undefined }) {
  const published = usePublished(kinds);
  const drafts = useBuilder((s) => s.docs);
  const changes = useMemo(() => (published.status === 'ready' ? publishChanges(kinds, published.docs, drafts) : null), [published, kinds, drafts]);
  const nothing = changes !== null && changes.length === 0;
  return (
    <Modal title="Publish to your store" onCancel={onCancel} returnFocusTo={returnFocusTo}>
      <div className="bs-modal__body" aria-live="polite">
        {published.status === 'loading' && <p>Comparing with what your store shows now…</p>}
        {published.status === 'error' && <p>What your store shows now could not be loaded ({published.message}). Publishing puts this draft live as it is.</p>}
        {nothing && <p>Nothing to publish: your store already shows this draft.</p>}
        {changes && changes.length > 0 && (
          <>
            <p>These changes go live on your store at once:</p>
            <ul className="bs-modal__list" aria-label="Changes to publish">
              {changes.map((change) => (
                <li key={change.kind}>
                  <strong>{change.name}:</strong> {change.changes.join('; ')}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <div className="bs-modal__actions">
        <button type="button" className="bs-button" onClick={onCancel}>
          Cancel
        </button>
        {onScheduleInstead && (
          <button type="button" className="bs-button" disabled={published.status === 'loading'} onClick={onScheduleInstead}>
            Schedule…
          </button>
        )}
        <button type="button" className="bs-button bs-button--primary" disabled={published.status === 'loading' || nothing} onClick={onConfirm}>
          Publish now
        </button>
      </div>
    </Modal>
  );
}
