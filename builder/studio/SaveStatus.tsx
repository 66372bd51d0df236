/** The visible save state: saving, saved (with what a resolved conflict kept), error with Retry, or the conflict and its dialog. */
import { useBuilder } from '../store/store.ts';
import { ConflictNotice } from './ConflictDialog.tsx';
import type { Saver } from './saver.ts';

export function SaveStatus({ saver, dirty }: { saver: Saver; dirty: boolean }) {
  const save = useBuilder((s) => s.save);
  if (save.status === 'conflict') return <ConflictNotice saver={saver} message={save.message} />;
  if (save.status === 'error') {
    return (
      <div role="alert" className="bs-save bs-save--error">
        <span>{save.message ?? 'Not saved.'}</span>
        <button type="button" className="bs-link-button" onClick={() => void saver.save()}>
          Retry
        </button>
      </div>
    );
  }
  const text = save.status === 'saving' ? 'Saving…' : dirty ? 'Unsaved changes' : save.status === 'saved' ? 'All changes saved' : 'No changes';
  return (
    <span role="status" className="bs-save" data-state={dirty && save.status !== 'saving' ? 'dirty' : save.status}>
      {text}
      {save.status === 'saved' && !dirty && save.message ? <span className="bs-save__note"> {save.message}</span> : null}
    </span>
  );
}
