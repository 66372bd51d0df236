/**
 * `<StickyBar>`: a bar fixed to the top or bottom of the window (spec §3: placement, height,
 * theme, text) that opens a drawer with the logged-in or logged-out texts, a join button for
 * visitors and a close control (Escape closes it too; focus goes back to the bar). So that the
 * bar never hides the focused element (WCAG 2.4.11), it reserves its height on the page: scroll
 * padding on the root element and padding on the body, restored when it goes away. What it
 * shows comes from `stickyBarView` (`view.ts`), which the storefront loader's DOM bar draws too.
 */
import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type RefObject } from 'react';
import type { RenderContext } from '../context.ts';
import type { StickyBar as StickyBarDocument } from '../contract/index.ts';
import { EditableContext, type Editable } from '../shared/editable.tsx';
import { fillPlaceholders } from '../format/placeholders.ts';
import { Icon } from '../shared/icons.tsx';
import { FieldText } from '../shared/text.tsx';
import { customStyleProperties } from '../theme/custom-style.ts';
import { reservePageSpace } from './page-space.ts';
import { stickyBarView, type ReservedSpace } from './view.ts';
import { useLocalized } from '../shared/localized.ts';

export interface StickyBarProps {
  doc: StickyBarDocument;
  ctx: RenderContext;
  /** in the page flow (builder canvas): no fixed position, no space reserved */
  inline?: boolean;
  /** drawer initially open (builder preview of the drawer) */
  defaultOpen?: boolean;
  editable?: Editable;
}

/** Scrolls a newly focused element out from under the bar (browsers do not all honour scroll-padding on focus). */
function revealFocused(target: EventTarget | null, bar: HTMLElement | null, side: ReservedSpace['side']) {
  if (!(target instanceof HTMLElement) || !bar || bar.contains(target)) return;
  const element = target.getBoundingClientRect();
  const covered = bar.getBoundingClientRect();
  const margin = 8;
  if (side === 'top' && element.top < covered.bottom) window.scrollBy(0, element.top - covered.bottom - margin);
  if (side === 'bottom' && element.bottom > covered.top) window.scrollBy(0, element.bottom - covered.top + margin);
}

function useReservedSpace({ side, size, padsBody }: ReservedSpace, active: boolean, barRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!active || typeof document === 'undefined') return undefined;
    const giveBack = reservePageSpace(document, { side, size, padsBody });
    const onFocus = (event: FocusEvent) => revealFocused(event.target, barRef.current, side);
    document.addEventListener('focusin', onFocus);
    return () => {
      giveBack();
      document.removeEventListener('focusin', onFocus);
    };
  }, [active, side, size, padsBody, barRef]);
}

/** The bar's custom style as custom properties, on the bar's theme (the loader gets these resolved by the server). */
export function stickyBarCustomProperties(doc: StickyBarDocument, ctx: RenderContext): Record<string, string> {
  return customStyleProperties(ctx.customStyles?.sticky_bar, ctx.themes?.[doc.bar.theme]);
}

export function StickyBar({ doc: saved, ctx, inline, defaultOpen = false, editable }: StickyBarProps) {
  const doc = useLocalized(saved, ctx);
  const [open, setOpen] = useState(defaultOpen);
  const drawerId = `ls-drawer${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const barRef = useRef<HTMLButtonElement>(null);
  const view = stickyBarView(doc, ctx, drawerId, { inline, custom: stickyBarCustomProperties(doc, ctx), fill: (text) => fillPlaceholders(text, ctx) });
  useReservedSpace(view.space, !inline, barRef);
  const close = () => {
    setOpen(false);
    barRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close();
    }
  };
  return (
    <EditableContext.Provider value={editable}>
      <div {...view.wrap} onKeyDown={onKeyDown} style={view.properties as CSSProperties}>
        <button ref={barRef} {...view.bar} type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {view.barText && <FieldText as="span" field={view.barText.field} owner="bar" text={view.barText.raw} ctx={ctx} />}
        </button>
        <div {...view.drawer} hidden={!open}>
          <button {...view.close} type="button" onClick={close}>
            <Icon icon="close" ctx={ctx} />
          </button>
          {view.texts.map((text) => (
            <FieldText key={text.field} className={text.className} field={text.field} owner="drawer" text={text.raw} ctx={ctx} />
          ))}
          {view.join && <a {...view.join.attributes}>{view.join.label}</a>}
        </div>
      </div>
    </EditableContext.Provider>
  );
}
