/**
 * The conflict: someone saved the draft after this studio opened it. Autosave is paused; the
 * dialog says who, and offers Keep theirs, Keep mine, or both side by side first. Whatever is
 * chosen, the other draft stays in History (builder/studio/conflict.ts).
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useBuilderStore } from '../store/store.ts';
import { SurfaceThumbnail } from '../surfaces/SurfaceThumbnail.tsx';
import { useBuilderApi } from './api-context.ts';
import { findConflicts, keepMine, keepTheirs, type ConflictingDraft, type Resolution } from './conflict.ts';
import { Modal } from './Modal.tsx';
import { KIND_NAMES, type Saver } from './saver.ts';

const PREVIEW_SCALE = 0.3;

type Step = { status: 'looking' } | { status: 'choosing'; conflicts: ConflictingDraft[]; comparing: boolean; working: boolean; error?: string };

/** Who saved theirs, as a sentence's subject. */
const whoSaved = (conflicts: readonly ConflictingDraft[]) => conflicts.find((c) => c.theirAuthor)?.theirAuthor ?? 'Someone';

/** The alert beside the save state while in conflict, and the dialog (open at once, reopened from the alert). */
export function ConflictNotice({ saver, message }: { saver: Saver; message: string | undefined }) {
  const [open, setOpen] = useState(true);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <div role="alert" className="bs-save bs-save--conflict">
        <p>{message}</p>
        <button ref={opener} type="button" className="bs-button" onClick={() => setOpen(true)}>
          Choose a version…
        </button>
      </div>
      {open && <ConflictDialog saver={saver} onLater={() => setOpen(false)} returnFocusTo={opener} />}
    </>
  );
}

export function ConflictDialog({ saver, onLater, returnFocusTo }: { saver: Saver; onLater(): void; returnFocusTo?: RefObject<HTMLElement | null> }) {
  const store = useBuilderStore();
  const api = useBuilderApi();
  const [step, setStep] = useState<Step>({ status: 'looking' });

  useEffect(() => {
    let live = true;
    findConflicts(store, api).then(
      (conflicts) => {
        if (!live) return;
        if (conflicts.length > 0) return setStep({ status: 'choosing', conflicts, comparing: false, working: false });
        // the other save went away or matches ours: nothing to choose, saving goes on
        store.getState().setSave({ status: 'idle' });
        void saver.save();
      },
      (error: Error) => {
        if (live) setStep({ status: 'choosing', conflicts: [], comparing: false, working: false, error: `Could not load their version: ${error.message}` });
      },
    );
    return () => {
      live = false;
    };
  }, [store, api, saver]);

  if (step.status === 'looking') {
    return (
      <Modal title="Saved elsewhere while you edited" onCancel={onLater} returnFocusTo={returnFocusTo}>
        <p role="status">Looking at both versions…</p>
      </Modal>
    );
  }

  const { conflicts, comparing, working, error } = step;
  const resolve = async (choose: () => Promise<Resolution>) => {
    setStep({ ...step, working: true, error: undefined });
    const result = await choose().catch((failure: Error): Resolution => ({ ok: false, reason: failure.message }));
    // on success the studio leaves the conflict and this dialog closes with it
    if (!result.ok) setStep({ ...step, working: false, error: result.reason });
  };
  const names = conflicts.map((c) => `the ${KIND_NAMES[c.kind]} (version ${c.theirVersion})`).join(' and ');

  return (
    <Modal title="Saved elsewhere while you edited" onCancel={onLater} returnFocusTo={returnFocusTo}>
      <div className={comparing ? 'bs-modal__body bs-conflict bs-conflict--compare' : 'bs-modal__body bs-conflict'}>
        {conflicts.length > 0 && (
          <p>
            {whoSaved(conflicts)} saved {names} after you opened it. Your changes are not saved yet. Choose which version stays the draft: the other one is kept
            in History, so neither is lost.
          </p>
        )}
        {comparing && <SideBySide conflicts={conflicts} />}
        {working && <p role="status">Saving…</p>}
        {error && <p role="alert">{error}</p>}
      </div>
      <div className="bs-modal__actions bs-conflict__actions">
        <button type="button" className="bs-button" onClick={onLater} disabled={working}>
          Decide later
        </button>
        {comparing ? (
          <button type="button" className="bs-button" onClick={() => setStep({ ...step, comparing: false })} disabled={working}>
            Back
          </button>
        ) : (
          <button type="button" className="bs-button" onClick={() => setStep({ ...step, comparing: true })} disabled={working || conflicts.length === 0}>
            Compare side by side
          </button>
        )}
        <button
          type="button"
          className="bs-button"
          onClick={() => void resolve(() => keepTheirs(store, api, saver, conflicts))}
          disabled={working || conflicts.length === 0}
        >
          Keep theirs
        </button>
        <button
          type="button"
          className="bs-button bs-button--primary"
          onClick={() => void resolve(() => keepMine(store, saver, conflicts))}
          disabled={working || conflicts.length === 0}
        >
          Keep mine
        </button>
      </div>
    </Modal>
  );
}

/** Both drafts drawn by the renderers, read-only: yours on the left, theirs on the right. */
function SideBySide({ conflicts }: { conflicts: readonly ConflictingDraft[] }) {
  return (
    <>
      {conflicts.map((conflict) => (
        <section key={conflict.kind} className="bs-conflict__pair" aria-label={`Both versions of the ${KIND_NAMES[conflict.kind]}`}>
          {conflict.kind === 'custom_style' ? (
            <p>The custom style differs between the two versions; it has no preview of its own.</p>
          ) : (
            <>
              <figure className="bs-conflict__side">
                <div className="bs-conflict__preview">
                  <SurfaceThumbnail doc={conflict.mine as never} title="Your version" scale={PREVIEW_SCALE} />
                </div>
                <figcaption>Yours (not saved)</figcaption>
              </figure>
              <figure className="bs-conflict__side">
                <div className="bs-conflict__preview">
                  <SurfaceThumbnail doc={conflict.theirs as never} title="Their version" scale={PREVIEW_SCALE} />
                </div>
                <figcaption>
                  Theirs: version {conflict.theirVersion}
                  {conflict.theirAuthor ? `, by ${conflict.theirAuthor}` : ''}
                </figcaption>
              </figure>
            </>
          )}
        </section>
      ))}
    </>
  );
}
