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
import type { WidgetAction } from '../widget/panels.ts';
import type { OpenWidgetOptions } from './panel-api.ts';
import { launcherPlacement } from './payload.ts';

/** Actions the storefront can perform on its own; the others need the store's own pages. */
function perform(action: WidgetAction): void {
  if (action.type === 'copy_referral_link') void navigator.clipboard?.writeText(action.link).catch(() => undefined);
}

export function openWidget({ root, payload, device, launcher, onClose }: OpenWidgetOptions): () => void {
  const doc = (root instanceof ShadowRoot ? root.host : root).ownerDocument;
  const container = doc.createElement('div');
  container.setAttribute('data-ls-widget', '');
  root.append(container);
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
