/**
 * The landing page on the canvas: the renderers' `LandingSection` for each section, memoised by
 * section object. Immer keeps untouched sections as the same objects, so a keystroke re-renders
 * exactly one section. The root mirrors `<LandingPage responsive>` (the storefront's markup):
 * the frame's width, not a data attribute, chooses the layout.
 */
import { memo, useMemo, type CSSProperties } from 'react';
import { EditableContext, LandingSection, paletteProperties, type RenderContext } from '../../renderers/index.ts';
import type { LandingPage, Section } from '../../renderers/schema/index.ts';
import { useCanvasEditable } from '../canvas/editable.tsx';
import { useScrollToSelection } from '../canvas/useScrollToSelection.ts';
import { useBuilder, useBuilderStore } from '../store/store.ts';
import { usePreviewContext } from './preview-context.ts';
import { landingTextCommit } from './text-commit.ts';

const MemoSection = memo(function MemoSection({ section, ctx }: { section: Section; ctx: RenderContext }) {
  return <LandingSection section={section} ctx={ctx} />;
});

/** The landing page root and its sections, exactly as `<LandingPage responsive>` draws them. */
export function LandingMarkup({ doc, ctx }: { doc: LandingPage; ctx: RenderContext }) {
  const style = useMemo(() => paletteProperties(doc.global, ctx.themes?.[doc.theme]) as CSSProperties, [doc.global, doc.theme, ctx.themes]);
  return (
    <div className="ls-root ls-landing" data-theme={doc.theme} data-audience={ctx.audience} style={style}>
      {doc.sections.map((section) => <MemoSection key={section.id} section={section} ctx={ctx} />)}
    </div>
  );
}

export function LandingCanvas() {
  const store = useBuilderStore();
  const doc = useBuilder((s) => s.docs.landing_page);
  const audience = useBuilder((s) => s.audience);
  const device = useBuilder((s) => s.device);
  const ctx = usePreviewContext(audience, device, doc?.theme ?? 'light');
  const commit = useMemo(() => landingTextCommit(store), [store]);
  const editable = useCanvasEditable(commit);
  useScrollToSelection();
  if (!doc) return null;
  return (
    <EditableContext.Provider value={editable}>
      <LandingMarkup doc={doc} ctx={ctx} />
    </EditableContext.Provider>
  );
}
