/**
 * "Also editing: …" beside the save state: while the studio is open it tells the server so (a
 * heartbeat every 15 s, at once on opening) and shows who else of this store has it open, as
 * the server answers. Closing the studio or the page says so at once; a studio that stops
 * beating drops out on the server by itself.
 */
import { useEffect, useState } from 'react';
import type { StudioId } from '../../renderers/contract/index.ts';
import type { EditorInfo } from '../api.ts';
import { useBuilderApi } from './api-context.ts';

export const PRESENCE_HEARTBEAT_MS = 15_000;

/** How one editor is named: their name (or email), and "you, elsewhere" for the same person signed in elsewhere. */
export const editorLabel = (editor: EditorInfo) => `${editor.name.trim() || editor.email}${editor.sameUser ? ' (you, elsewhere)' : ''}`;

/** The other editors of `studio`, kept fresh by the heartbeat; empty when the API has no presence. */
export function useEditingPresence(studio: StudioId, active: boolean, interval = PRESENCE_HEARTBEAT_MS): EditorInfo[] {
  const api = useBuilderApi();
  const [editors, setEditors] = useState<EditorInfo[]>([]);
  useEffect(() => {
    if (!active || !api.editing) return;
    let live = true;
    const beat = () => {
      api.editing!(studio).then(
        (found) => {
          if (live) setEditors(found);
        },
        // presence is a hint: a missed beat leaves the last answer until the next one
        () => undefined,
      );
    };
    const leave = () => void api.stopEditing?.(studio).catch(() => undefined);
    beat();
    const timer = setInterval(beat, interval);
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', beat);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', beat);
      leave();
    };
  }, [api, studio, active, interval]);
  return editors;
}

export function EditingPresence({ studio, active }: { studio: StudioId; active: boolean }) {
  const editors = useEditingPresence(studio, active);
  return (
    <p className="bs-presence" aria-live="polite" hidden={editors.length === 0}>
      {editors.length > 0 && (
        <>
          <span className="bs-presence__label">Also editing:</span> {editors.map(editorLabel).join(', ')}
        </>
      )}
    </p>
  );
}
