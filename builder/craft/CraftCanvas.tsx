/**
 * The studio's craft frame on the canvas: the nodes of the studio's editor (CraftEditor) drawn by
 * the resolver's blocks with the canvas's render context and, for the widget, its previewed panel.
 */
import { Frame as CraftFrame } from '@craftjs/core';
import { useContext, useState } from 'react';
import type { RenderContext } from '../../renderers/index.ts';
import { useBuilderStore } from '../store/store.ts';
import { toCraftNodes } from './adapter.ts';
import { CraftKindContext } from './CraftEditor.tsx';
import { CraftRenderContext, CraftWidgetViewContext, type WidgetView } from './resolver.tsx';

export interface CraftCanvasProps {
  ctx: RenderContext;
  /** the widget's previewed panel and inline editing (the landing page's come from EditableContext) */
  widgetView?: WidgetView;
}

export function CraftCanvas({ ctx, widgetView }: CraftCanvasProps) {
  const kind = useContext(CraftKindContext);
  const store = useBuilderStore();
  // craft reads the frame's nodes once; later structures arrive through the editor's StoreSync
  const [initial] = useState(() => (kind ? toCraftNodes(kind, store.getState().docs) : null));
  if (!initial) return null;
  return (
    <CraftRenderContext.Provider value={ctx}>
      <CraftWidgetViewContext.Provider value={widgetView ?? null}>
        <CraftFrame data={initial} />
      </CraftWidgetViewContext.Provider>
    </CraftRenderContext.Provider>
  );
}
