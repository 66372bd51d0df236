/**
 * The canvas scroll follows the studio: the selected section or panel is brought into view
 * (selection from the outline), and a new audience or device starts from the selection — or
 * from the top when nothing is selected — instead of a half-scrolled position of the old view.
 */
import { useEffect } from 'react';
import { useFrame } from 'react-frame-component';
import { useBuilder, useBuilderStore } from '../store/store.ts';

const ownerElement = (doc: Document, id: string) => doc.querySelector(`[data-bs-owner="${CSS.escape(id)}"]`);

export function useScrollToSelection() {
  const { document: frameDocument } = useFrame();
  const store = useBuilderStore();
  const selection = useBuilder((s) => s.selection);
  useEffect(() => {
    if (!frameDocument || !selection) return;
    ownerElement(frameDocument, selection)?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [frameDocument, selection]);
  useEffect(() => {
    if (!frameDocument) return;
    return store.subscribe((state, previous) => {
      if (state.audience === previous.audience && state.device === previous.device) return;
      const selected = state.selection ? ownerElement(frameDocument, state.selection) : null;
      if (selected) {
        selected.scrollIntoView?.({ block: 'start' });
        return;
      }
      frameDocument.defaultView?.scrollTo?.(0, 0);
      const host = frameDocument.defaultView?.frameElement?.closest('.bs-canvas');
      if (host) host.scrollTop = 0;
    });
  }, [frameDocument, store]);
}
