/**
 * "Preview on store": saves what is pending, then makes a preview link (24 hours) that shows the
 * saved drafts of every surface on the store's own pages, in the browser that opens it only
 * (with a "Previewing draft — Exit" bar there). Revoke ends the link at once.
 */
import { useState } from 'react';
import type { PreviewLinkInfo } from '../api.ts';
import { useBuilderApi } from './api-context.ts';
import type { Saver } from './saver.ts';

const until = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

type State = { status: 'idle' } | { status: 'working' } | { status: 'ready'; link: PreviewLinkInfo } | { status: 'message'; text: string };

export function PreviewOnStore({ saver }: { saver: Saver }) {
  const api = useBuilderApi();
  const [state, setState] = useState<State>({ status: 'idle' });
  if (!api.previewLink) return null;
  const create = async () => {
    setState({ status: 'working' });
    try {
      if (!(await saver.save())) return setState({ status: 'message', text: 'Save the changes first: the preview shows the saved drafts.' });
      const link = await api.previewLink!();
      setState({ status: 'ready', link });
    } catch (error) {
      setState({ status: 'message', text: `No preview link: ${(error as Error).message}` });
    }
  };
  const revoke = async (id: number) => {
    try {
      await api.revokePreviewLink?.(id);
      setState({ status: 'message', text: 'Preview link revoked: it shows nothing any more.' });
    } catch (error) {
      setState({ status: 'message', text: `Revoke failed: ${(error as Error).message}` });
    }
  };
  return (
    <>
      <button type="button" className="bs-button" disabled={state.status === 'working'} onClick={() => void create()}>
        Preview on store
      </button>
      {(state.status === 'ready' || state.status === 'message') && (
        <div role="status" className="bs-publish bs-publish--ok">
          {state.status === 'message' ? (
            state.text
          ) : (
            <>
              {state.link.url ? (
                <a href={state.link.url} target="_blank" rel="noopener noreferrer">
                  Open the preview<span className="bs-visually-hidden"> (opens in a new tab)</span>
                </a>
              ) : (
                <span>Add ?ls_preview={state.link.token} to any page of your store</span>
              )}{' '}
              — only that browser sees the drafts, until {until(state.link.expiresAt)}.{' '}
              <button type="button" className="bs-link-button" onClick={() => void revoke(state.link.id)}>
                Revoke preview link
              </button>
            </>
          )}
          <button type="button" className="bs-link-button" onClick={() => setState({ status: 'idle' })} aria-label="Dismiss preview">
            ×
          </button>
        </div>
      )}
    </>
  );
}
