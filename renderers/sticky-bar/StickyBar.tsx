/**
 * `<StickyBar>`: a bar fixed to the top or bottom of the window (spec §3: placement, height,
 * theme, text) that opens a drawer with the logged-in or logged-out texts. So that the bar never
 * hides the focused element (WCAG 2.4.11), it reserves its height on the page: scroll padding on
 * the root element and padding on the body, restored when it goes away.
 */
import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type RefObject } from 'react';
import type { RenderContext } from '../context.ts';
import type { StickyBar as StickyBarDocument } from '../schema/index.ts';
import { EditableContext, type Editable } from '../shared/editable.tsx';
import { Icon } from '../shared/icons.tsx';
import { FieldText } from '../shared/text.tsx';
import { customStyleProperties } from '../theme/custom-style.ts';

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
  const reserve = side === 'bottom' || !doc.bar.overlay;
  return `html{scroll-padding-${side}:${doc.bar.height}px}${reserve ? `body{padding-${side}:${doc.bar.height}px}` : ''}`;
}

/** Scrolls a newly focused element out from under the bar (browsers do not all honour scroll-padding on focus). */
function revealFocused(target: EventTarget | null, bar: HTMLElement | null, placement: 'top' | 'bottom') {
  if (!(target instanceof HTMLElement) || !bar || bar.contains(target)) return;
  const element = target.getBoundingClientRect();
  const covered = bar.getBoundingClientRect();
  const margin = 8;
  if (placement === 'top' && element.top < covered.bottom) window.scrollBy(0, element.top - covered.bottom - margin);
  if (placement === 'bottom' && element.bottom > covered.top) window.scrollBy(0, element.bottom - covered.top + margin);
}

function useReservedSpace(doc: StickyBarDocument, active: boolean, barRef: RefObject<HTMLElement | null>) {
  const { placement, height, overlay } = doc.bar;
  useEffect(() => {
    if (!active || typeof document === 'undefined') return undefined;
    const root = document.documentElement.style;
    const body = document.body.style;
    const scrollKey = placement === 'top' ? 'scrollPaddingTop' : 'scrollPaddingBottom';
    const padKey = placement === 'top' ? 'paddingTop' : 'paddingBottom';
    const before = [root[scrollKey], body[padKey]] as const;
    const reserve = placement === 'bottom' || !overlay;
    root[scrollKey] = `${height}px`;
    if (reserve) body[padKey] = `${height}px`;
    const onFocus = (event: FocusEvent) => revealFocused(event.target, barRef.current, placement);
    document.addEventListener('focusin', onFocus);
    return () => {
      root[scrollKey] = before[0];
      if (reserve) body[padKey] = before[1];
      document.removeEventListener('focusin', onFocus);
    };
  }, [active, placement, height, overlay, barRef]);
}

/** The bar's custom style as custom properties, on the bar's theme (the loader gets these resolved by the server). */
export function stickyBarCustomProperties(doc: StickyBarDocument, ctx: RenderContext): Record<string, string> {
  return customStyleProperties(ctx.customStyles?.sticky_bar, ctx.themes?.[doc.bar.theme]);
}

export function StickyBar({ doc, ctx, inline, defaultOpen = false, editable }: StickyBarProps) {
  const [open, setOpen] = useState(defaultOpen);
  const drawerId = `ls-drawer${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const barRef = useRef<HTMLButtonElement>(null);
  useReservedSpace(doc, !inline, barRef);
  const member = ctx.audience === 'member';
  const texts = member ? doc.drawer.logged_in : doc.drawer.logged_out;
  const group = member ? 'logged_in' : 'logged_out';
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
    }
  };
  return (
    <EditableContext.Provider value={editable}>
      <div
        className="ls-root ls-bar-wrap"
        data-theme={doc.bar.theme}
        data-device={ctx.device}
        data-audience={ctx.audience}
        data-placement={doc.bar.placement}
        data-inline={inline ? '' : undefined}
        onKeyDown={onKeyDown}
        style={{ '--ls-bar-h': `${doc.bar.height}px`, ...stickyBarCustomProperties(doc, ctx) } as CSSProperties}
      >
        <button
          ref={barRef}
          type="button"
          className="ls-bar"
          aria-label={doc.bar.text.trim() ? undefined : 'Rewards'}
          aria-expanded={open}
          aria-controls={drawerId}
          onClick={() => setOpen(!open)}
        >
          <FieldText as="span" field="bar.text" owner="bar" text={doc.bar.text} ctx={ctx} />
        </button>
        <div className="ls-drawer" id={drawerId} hidden={!open} role="region" aria-label="Rewards">
          <button
            type="button"
            className="ls-icon-btn ls-drawer-close"
            aria-label="Close"
            onClick={() => {
              setOpen(false);
              barRef.current?.focus();
            }}
          >
            <Icon icon="close" ctx={ctx} />
          </button>
          <FieldText className="ls-drawer-title" field={`drawer.${group}.primary_text`} owner="drawer" text={texts.primary_text} ctx={ctx} />
          <FieldText field={`drawer.${group}.secondary_text`} owner="drawer" text={texts.secondary_text} ctx={ctx} />
        </div>
      </div>
    </EditableContext.Provider>
  );
}
