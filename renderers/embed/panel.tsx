/**
 * The widget panel module of the storefront embed, loaded only when the shopper opens the widget.
 * It runs the renderers' `<Widget>` (the same component as the builder canvas) under Preact
 * through `preact/compat` aliasing (see vite.config.ts), inside the embed's shadow root.
 */
import { createRef } from 'react';
import { createRoot } from 'react-dom/client';
import { contextFromPayload } from '../context.ts';
import type { Widget as WidgetDocument } from '../schema/index.ts';
import { Widget } from '../widget/Widget.tsx';
import { focusableIn } from '../widget/focus.ts';
import type { WidgetAction } from '../widget/panels.ts';
import type { OpenWidgetOptions } from './panel-api.ts';
import { launcherPlacement } from './payload.ts';

/** Actions the storefront can perform on its own; the others need the store's own pages. */
function perform(action: WidgetAction): void {
  if (action.type === 'copy_referral_link') void navigator.clipboard?.writeText(action.link).catch(() => undefined);
}

/**
 * Keeps Tab inside the dialog in the shadow root. The widget's own trap reads
 * `document.activeElement`, which from inside a shadow root is the host, so it would pin focus
 * on the first control; this capture listener runs first with the shadow root's active element.
 * (Drop it once renderers/widget/focus.ts reads the container's root node.)
 */
function trapTabInShadow(container: HTMLElement, root: ShadowRoot | HTMLElement): void {
  container.addEventListener('keydown', (event) => {
    const dialog = container.querySelector<HTMLElement>('[role=dialog][aria-modal=true]');
    if (event.key !== 'Tab' || !dialog) return;
    event.stopPropagation();
    const items = focusableIn(dialog);
    const active = (root instanceof ShadowRoot ? root.activeElement : root.ownerDocument.activeElement) as HTMLElement | null;
    const inside = active !== null && dialog.contains(active);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) { event.preventDefault(); dialog.focus(); return; }
    if (event.shiftKey && (active === first || active === dialog || !inside)) { event.preventDefault(); last.focus(); }
    else if (!event.shiftKey && (active === last || !inside)) { event.preventDefault(); first.focus(); }
  }, true);
}

export function openWidget({ root, payload, device, launcher, onClose }: OpenWidgetOptions): () => void {
  const doc = (root instanceof ShadowRoot ? root.host : root).ownerDocument;
  const container = doc.createElement('div');
  container.setAttribute('data-ls-widget', '');
  root.append(container);
  if (root instanceof ShadowRoot) trapTabInShadow(container, root);
  const returnFocusTo = createRef<HTMLElement>();
  returnFocusTo.current = launcher;
  const ctx = contextFromPayload(payload, device);
  const view = createRoot(container);
  view.render(
    <Widget doc={payload.documents.widget as WidgetDocument} ctx={ctx} onClose={onClose} returnFocusTo={returnFocusTo}
      onAction={perform} placement={launcherPlacement(payload, device)} />,
  );
  return () => {
    view.unmount();
    container.remove();
  };
}
