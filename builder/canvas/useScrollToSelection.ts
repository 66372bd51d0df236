/** Brings the selected section or panel into view inside the canvas frame (selection from the outline). */
import { useEffect } from 'react';
import { useFrame } from 'react-frame-component';
import { useBuilder } from '../store/store.ts';

export function useScrollToSelection() {
  const { document: frameDocument } = useFrame();
  const selection = useBuilder((s) => s.selection);
  useEffect(() => {
    if (!frameDocument || !selection) return;
    const target = frameDocument.querySelector(`[data-bs-owner="${CSS.escape(selection)}"]`);
    target?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [frameDocument, selection]);
}
