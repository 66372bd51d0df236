/**
 * `<StickyBar>`: a bar fixed to the top or bottom of the window (spec §3: placement, height,
 * theme, text) that opens a drawer with the logged-in or logged-out texts. So that the bar never
 * hides the focused element (WCAG 2.4.11), it reserves its height on the page: scroll padding on
 * the root element and padding on the body, restored when it goes away.
 */
import { useEffect, useId, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { RenderContext } from '../context.ts';
import type { StickyBar as StickyBarDocument } from '../schema/index.ts';
import { EditableContext, type Editable } from '../shared/editable.tsx';
import { FieldText } from '../shared/text.tsx';

export interface StickyBarProps {
  doc: StickyBarDocument;
  ctx: RenderContext;
  /** in the page flow (builder canvas): no fixed position, no space reserved */
  inline?: boolean;
  /** drawer initially open (builder preview of the drawer) */
  defaultOpen?: boolean;
  editable?: Editable;
}

/** CSS the host page needs so that the bar covers nothing (for hosts that prefer a stylesheet). */
export function stickyBarPageCss(doc: StickyBarDocument): string {
  const side = doc.bar.placement === 'top' ? 'top' : 'bottom';
  return `html{scroll-padding-${side}:${doc.bar.height}px}body{padding-${side}:${doc.bar.height}px}`;
}

function useReservedSpace(doc: StickyBarDocument, active: boolean) {
  const { placement, height } = doc.bar;
  useEffect(() => {
    if (!active || typeof document === 'undefined') return undefined;
    const root = document.documentElement.style;
    const body = document.body.style;
    const scrollKey = placement === 'top' ? 'scrollPaddingTop' : 'scrollPaddingBottom';
    const padKey = placement === 'top' ? 'paddingTop' : 'paddingBottom';
    const before = [root[scrollKey], body[padKey]] as const;
    root[scrollKey] = `${height}px`;
    body[padKey] = `${height}px`;
    return () => { root[scrollKey] = before[0]; body[padKey] = before[1]; };
  }, [active, placement, height]);
}

export function StickyBar({ doc, ctx, inline, defaultOpen = false, editable }: StickyBarProps) {
  const [open, setOpen] = useState(defaultOpen);
  const drawerId = `ls-drawer${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  useReservedSpace(doc, !inline);
  const member = ctx.audience === 'member';
  const texts = member ? doc.drawer.logged_in : doc.drawer.logged_out;
  const group = member ? 'logged_in' : 'logged_out';
  const onKeyDown = (event: KeyboardEvent) => { if (event.key === 'Escape' && open) { event.stopPropagation(); setOpen(false); } };
  return (
    <EditableContext.Provider value={editable}>
      <div className="ls-root ls-bar-wrap" data-theme={doc.bar.theme} data-device={ctx.device} data-audience={ctx.audience}
        data-placement={doc.bar.placement} data-inline={inline ? '' : undefined} onKeyDown={onKeyDown}
        style={{ '--ls-bar-h': `${doc.bar.height}px` } as CSSProperties}>
        <button type="button" className="ls-bar" aria-label={doc.bar.text.trim() ? undefined : 'Rewards'} aria-expanded={open} aria-controls={drawerId} onClick={() => setOpen(!open)}>
          <FieldText as="span" field="bar.text" owner="bar" text={doc.bar.text} ctx={ctx} />
        </button>
        <div className="ls-drawer" id={drawerId} hidden={!open} role="region" aria-label="Rewards">
          <FieldText className="ls-drawer-title" field={`drawer.${group}.primary_text`} owner="drawer" text={texts.primary_text} ctx={ctx} />
          <FieldText field={`drawer.${group}.secondary_text`} owner="drawer" text={texts.secondary_text} ctx={ctx} />
        </div>
      </div>
    </EditableContext.Provider>
  );
}
