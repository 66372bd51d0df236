/** The sticky bar on the canvas: inline, drawer open, in the previewed audience's texts. */
import { useMemo } from 'react';
import { StickyBar } from '../../renderers/index.ts';
import { useCanvasEditable } from '../canvas/editable.tsx';
import { useBuilder, useBuilderStore } from '../store/store.ts';
import { usePreviewContext } from './preview-context.ts';
import { stickyBarTextCommit } from './text-commit.ts';

export function StickyBarCanvas() {
  const store = useBuilderStore();
  const doc = useBuilder((s) => s.docs.sticky_bar);
  const audience = useBuilder((s) => s.audience);
  const device = useBuilder((s) => s.device);
  const ctx = usePreviewContext(audience, device, doc?.bar.theme ?? 'light');
  const commit = useMemo(() => stickyBarTextCommit(store), [store]);
  const editable = useCanvasEditable(commit);
  if (!doc) return null;
  return (
    <div onClick={() => store.getState().select('bar')}>
      <StickyBar key={audience} doc={doc} ctx={ctx} inline defaultOpen editable={editable} />
    </div>
  );
}
