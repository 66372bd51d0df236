/**
 * Version history of the studio's documents, newest first, with who saved each, what it came
 * from and how a conflict was resolved (history-label.ts), and Restore (after saving what is
 * pending; Undo takes it back), below their publish schedules. On variant B the surface's own
 * versions are B's, which are never published, so no schedules are listed.
 */
import { useEffect, useState } from 'react';
import type { StudioKind, VariantKind, VersionInfo } from '../api.ts';
import { useBuilderApi } from './api-context.ts';
import { historyLabels } from './history-label.ts';
import { KIND_NAMES, type Saver } from './saver.ts';
import { ScheduleList } from './ScheduleList.tsx';

const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
};

export interface VersionHistoryProps {
  kinds: readonly StudioKind[];
  saver: Saver;
  onClose(): void;
  /** the surface whose variant B the studio edits: its versions are B's */
  variantB?: VariantKind | undefined;
}

export function VersionHistory({ kinds, saver, onClose, variantB }: VersionHistoryProps) {
  const api = useBuilderApi();
  const [lists, setLists] = useState<Partial<Record<StudioKind, VersionInfo[]>>>({});
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all(kinds.map(async (kind) => [kind, await api.versions(kind)] as const))
      .then((entries) => {
        if (live) setLists(Object.fromEntries(entries));
      })
      .catch((error: Error) => {
        if (live) setMessage(`Could not load the versions: ${error.message}`);
      });
    return () => {
      live = false;
    };
  }, [api, kinds]);

  const restore = async (kind: StudioKind, version: number) => {
    setMessage('Restoring…');
    try {
      if (!(await saver.restore(kind, version))) {
        setMessage('Save or resolve the current changes before restoring.');
        return;
      }
      setMessage(`Version ${version} restored as the new draft.`);
      onClose();
    } catch (error) {
      setMessage(`Restore failed: ${(error as Error).message}`);
    }
  };

  return (
    <div role="dialog" aria-label="Version history" className="bs-history">
      <div className="bs-history__head">
        <h2>Version history</h2>
        <button type="button" className="bs-button" onClick={onClose}>
          Close
        </button>
      </div>
      {message && <p role="status">{message}</p>}
      {!variantB && <ScheduleList kinds={kinds} />}
      {kinds.map((kind) => (
        <section key={kind} aria-label={`Versions of the ${KIND_NAMES[kind]}${kind === variantB ? ', variant B' : ''}`}>
          {(kinds.length > 1 || kind === variantB) && <h3>{kind === variantB ? `${KIND_NAMES[kind]}: variant B` : KIND_NAMES[kind]}</h3>}
          {!lists[kind] ? (
            <p>Loading…</p>
          ) : (
            <ol className="bs-history__list">
              {lists[kind]!.map((v) => (
                <li key={v.version}>
                  <span>
                    Version {v.version}
                    {v.published ? ' · published' : ''} · {when(v.createdAt)}
                    {v.author ? ` · ${v.author}` : ''}
                    {historyLabels(v, lists[kind]!).map((label) => (
                      <span key={label} className="bs-history__label">
                        {label}
                      </span>
                    ))}
                  </span>
                  <button type="button" className="bs-link-button" onClick={() => void restore(kind, v.version)}>
                    Restore version {v.version}
                  </button>
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
    </div>
  );
}
