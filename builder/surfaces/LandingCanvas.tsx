/**
 * The landing page on the canvas: a craft.js editor whose nodes are the page and its sections,
 * drawn by the renderers' components (builder/craft). Immer keeps untouched sections as the same
 * objects, so a keystroke updates and re-renders exactly one section node. The root mirrors
 * `<LandingPage responsive>` (the storefront's markup): the frame's width chooses the layout.
 */
import { useMemo } from 'react';
import { EditableContext } from '../../renderers/index.ts';
import { useCanvasEditable } from '../canvas/editable.tsx';
import { useScrollToSelection } from '../canvas/useScrollToSelection.ts';
import { CraftCanvas } from '../craft/CraftCanvas.tsx';
import { useBuilder, useBuilderStore } from '../store/store.ts';
import { usePreviewContext } from './preview-context.ts';
import { landingTextLocator, landingTextCommit } from './text-commit.ts';

export function LandingCanvas() {
  const store = useBuilderStore();
  const loaded = useBuilder((s) => Boolean(s.docs.landing_page));
  const theme = useBuilder((s) => s.docs.landing_page?.theme ?? 'light');
  const audience = useBuilder((s) => s.audience);
  const device = useBuilder((s) => s.device);
  const ctx = usePreviewContext(audience, device, theme);
  const commit = useMemo(() => landingTextCommit(store), [store]);
  const editable = useCanvasEditable(commit, landingTextLocator);
  useScrollToSelection();
  if (!loaded) return null;
  return (
    <EditableContext.Provider value={editable}>
      <CraftCanvas ctx={ctx} />
    </EditableContext.Provider>
  );
}
