/** The visible save state: saving, saved, error with Retry, or the conflict with its two ways out. */
import { useBuilder } from '../store/store.ts';
import type { Saver } from './saver.ts';

export function SaveStatus({ saver, dirty }: { saver: Saver; dirty: boolean }) {
  const save = useBuilder((s) => s.save);
  if (save.status === 'conflict') {
    return (
      <div role="alert" className="bs-save bs-save--conflict">
        <p>{save.message}</p>
        <button type="button" className="bs-button" onClick={() => void saver.reload()}>
          Reload their version
        </button>
        <button type="button" className="bs-button" onClick={() => void saver.overwrite()}>
          Overwrite with mine
        </button>
      </div>
    );
  }
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
    </span>
  );
}
