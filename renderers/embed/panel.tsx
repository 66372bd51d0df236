/**
 * The widget panel module of the storefront embed, loaded only when the shopper opens the widget.
 * It runs the renderers' `<Widget>` (the same component as the builder canvas) under Preact
 * through `preact/compat` aliasing (see vite.config.ts), inside the embed's shadow root.
 */
import { createRef } from 'react';
import { createRoot } from 'react-dom/client';
import { contextFromPayload, type StorefrontPayload } from '../context.ts';
import type { PanelKey, Widget as WidgetDocument } from '../schema/index.ts';
import { Widget } from '../widget/Widget.tsx';
import type { WidgetAction } from '../widget/panels.ts';
import type { OpenWidgetOptions, Shopper } from './panel-api.ts';
import { WIDGET_STYLESHEET } from '../theme/stylesheet.ts';
import { addStyles } from './dom.ts';
import { launcherPlacement } from './payload.ts';

type Outcome = { notice: string; payload?: StorefrontPayload; panel?: PanelKey };

async function call(shopper: Shopper, path: string, init: RequestInit): Promise<{ ok: boolean; body: { data?: unknown; message?: string } }> {
  const url = new URL(`../storefront/v1/${encodeURIComponent(shopper.store)}/${path}`, shopper.base);
  const response = await fetch(url, {
    credentials: 'omit',
    ...init,
    headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
  });
  return { ok: response.ok, body: (await response.json().catch(() => ({}))) as { data?: unknown; message?: string } };
}

/** The member's fresh state after an action (same request as the loader's bootstrap). */
async function reload(shopper: Shopper): Promise<StorefrontPayload | undefined> {
  const query = new URLSearchParams({ customer_id: shopper.customerId, digest: shopper.digest });
  const { ok, body } = await call(shopper, `bootstrap?${query}`, { method: 'GET' });
  return ok ? (body.data as StorefrontPayload) : undefined;
}

/** A signed POST of the shopper API; an unreachable service answers as a failure with a message. */
function signedPost(shopper: Shopper, path: string, payload: object, headers: Record<string, string> = {}) {
  const signature = { customer_id: shopper.customerId, digest: shopper.digest };
  return call(shopper, path, { method: 'POST', headers, body: JSON.stringify({ ...signature, ...payload }) }).catch(() => ({
    ok: false,
    body: { message: 'The rewards service could not be reached. Please try again.' } as { data?: unknown; message?: string },
  }));
}

/** Performs a widget action; resolves to what the shopper should see next. */
export async function perform(action: WidgetAction, shopper: Shopper | undefined): Promise<Outcome | undefined> {
  switch (action.type) {
    case 'copy_referral_link':
      await navigator.clipboard?.writeText(action.link).catch(() => undefined);
      return undefined;
    case 'send_referral_email': {
      if (!shopper) return { notice: 'Sign in to your account to invite a friend.' };
      // the store's "Referral Sent" email carries the member's link to the friend
      const { ok, body } = await signedPost(shopper, 'referral/invite', { email: action.email });
      if (!ok) return { notice: body.message ?? 'The invitation was not sent. Please try again.' };
      return { notice: `Invitation sent to ${action.email}.` };
    }
    case 'redeem':
    case 'save_birthday': {
      if (!shopper) return { notice: 'Sign in to your account to use your points.' };
      const { ok, body } =
        action.type === 'redeem'
          ? await signedPost(shopper, 'redeem', { redeem_id: action.methodId }, { 'idempotency-key': crypto.randomUUID() })
          : await signedPost(shopper, 'actions', { action: 'birthday', birthday: action.birthday });
      if (!ok) return { notice: body.message ?? 'That did not work. Please try again.' };
      const payload = await reload(shopper);
      if (action.type === 'redeem') {
        const code = (body.data as { code?: string } | undefined)?.code;
        return { notice: code ? `Reward redeemed. Your code: ${code}` : 'Reward redeemed.', payload, panel: 'reward_cart' };
      }
      return { notice: 'Birthday saved.', payload };
    }
    case 'share_points':
      return { notice: 'Sharing points with a friend is not open in this store yet.' };
    default:
      return undefined;
  }
}

/** The launcher's custom properties (bottom and side offsets, zoom) the widget is placed by. */
const LAUNCHER_ANCHOR = ['--ls-pb', '--ls-ps', '--ls-zoom'];

/** Shadow roots that already have the widget's rules. */
const styled = new WeakSet<ShadowRoot>();

export function openWidget({ root, payload, device, launcher, onClose, shopper }: OpenWidgetOptions): () => void {
  const doc = (root instanceof ShadowRoot ? root.host : root).ownerDocument;
  if (root instanceof ShadowRoot && !styled.has(root)) {
    addStyles(root, WIDGET_STYLESHEET); // the loader shipped only the launcher's and the sticky bar's rules
    styled.add(root);
  }
  const container = doc.createElement('div');
  container.setAttribute('data-ls-widget', '');
  // the widget opens above the launcher, whatever its offsets and size (the builder canvas draws it so too)
  for (const name of LAUNCHER_ANCHOR) container.style.setProperty(name, launcher.style.getPropertyValue(name));
  root.append(container);
  const returnFocusTo = createRef<HTMLElement>();
  returnFocusTo.current = launcher;
  const view = createRoot(container);
  const state: { payload: StorefrontPayload; panel: PanelKey | 'home'; notice: string } = { payload, panel: 'home', notice: '' };
  const draw = () =>
    view.render(
      <Widget
        doc={state.payload.documents.widget as WidgetDocument}
        ctx={contextFromPayload(state.payload, device)}
        onClose={onClose}
        returnFocusTo={returnFocusTo}
        onAction={act}
        placement={launcherPlacement(state.payload, device)}
        notice={state.notice}
        panel={state.panel}
        onNavigate={(panel) => {
          state.panel = panel;
          state.notice = '';
          draw();
        }}
      />,
    );
  function act(action: WidgetAction) {
    void perform(action, shopper).then((outcome) => {
      if (!outcome) return;
      state.notice = outcome.notice;
      if (outcome.payload) state.payload = outcome.payload;
      if (outcome.panel) state.panel = outcome.panel;
      draw();
    });
  }
  draw();
  return () => {
    view.unmount();
    container.remove();
  };
}
