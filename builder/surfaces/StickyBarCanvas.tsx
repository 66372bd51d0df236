/**
 * The sticky bar on the canvas as a store shows it: at the top or the bottom of a neutral sample
 * store page, keeping its height free (the page below or above it) or, with "Overlay the page",
 * lying over it; inline, drawer open, in the previewed audience's texts.
 */
import { useMemo } from 'react';
import { StickyBar } from '../../renderers/index.ts';
import { CanvasOwner, useCanvasEditable } from '../canvas/editable.tsx';
import { CraftCanvas } from '../craft/CraftCanvas.tsx';
import { useBuilder, useBuilderStore } from '../store/store.ts';
import { usePreviewContext } from './preview-context.ts';
import { SamplePage } from './SamplePage.tsx';
import { stickyBarTextLocator, stickyBarTextCommit } from './text-commit.ts';

export function StickyBarCanvas() {
  const store = useBuilderStore();
  const doc = useBuilder((s) => s.view.sticky_bar);
  const audience = useBuilder((s) => s.audience);
  const device = useBuilder((s) => s.device);
  const ctx = usePreviewContext(audience, device, doc?.bar.theme ?? 'light');
  const commit = useMemo(() => stickyBarTextCommit(store), [store]);
  const editable = useCanvasEditable(commit, stickyBarTextLocator);
  if (!doc) return null;
  // the bar is the studio's craft root: craft selects and outlines it
  const bar = (
    <CanvasOwner
      id="bar"
      type="sticky_bar"
      node={
        <div className="bs-sample__bar">
          <StickyBar key={audience} doc={doc} ctx={ctx} inline defaultOpen editable={editable} />
        </div>
      }
    />
  );
  const page = <SamplePage />;
  return (
    <div className="bs-sample" data-placement={doc.bar.placement} data-overlay={doc.bar.overlay ? '' : undefined}>
      <CraftCanvas ctx={ctx} />
      {doc.bar.placement === 'top' ? (
        <>
          {bar}
          {page}
        </>
      ) : (
        <>
          {page}
          {bar}
        </>
      )}
    </div>
  );
}
