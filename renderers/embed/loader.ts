/**
 * The storefront loader (`dist/embed/loader.js`), added to a store page as
 * `<script async src="{origin}/embed/loader.js" data-store="{store key}"></script>`
 * (+ `data-customer-id` and `data-customer-digest` for a signed-in shopper; on BigCommerce,
 * `data-bigcommerce-client-id`: the shopper is identified by the storefront's current customer
 * JWT, and the bootstrap answers the signature of the next calls).
 *
 * On page load it makes exactly one request — the bootstrap with the published documents, the
 * program and the member state — and draws the launcher and the sticky bar inside a shadow
 * root, so the store's CSS cannot reach them and ours cannot reach the store. Both are fixed to
 * the window and appear without moving the page. The widget's code is fetched only when the
 * shopper opens it.
 */
import { contextFromPayload, type Device, type StorefrontPayload } from '../context.ts';
import { word } from '../i18n/catalog.ts';
import { addStyles, el } from './dom.ts';
import { createLauncher } from './launcher-dom.ts';
import type { PanelModule, Shopper } from './panel-api.ts';
import { isPayload, launcherOf, stickyBarOf } from './payload.ts';
import { createStickyBar } from './sticky-bar-dom.ts';

/** File name of the widget panel module, set by the embed build (content-hashed). */
declare const LS_EMBED_PANEL_FILE: string;
const panelFile = () => (typeof LS_EMBED_PANEL_FILE === 'string' ? LS_EMBED_PANEL_FILE : 'panel.js');

export interface EmbedOptions {
  store: string;
  customerId?: string;
  digest?: string;
  /** BigCommerce: the app's client id, to ask the storefront for its current customer JWT */
  bigcommerceClientId?: string;
  /** the folder loader.js came from: the panel module and the API live beside it */
  base: URL;
  /** a preview link's token: the bootstrap answers the store's drafts */
  preview?: string | undefined;
  /** the browser's anonymous first-party id: a running experiment assigns it a variant */
  aid?: string | undefined;
  /** the shopper's language (BCP 47): the product's wording of that language only comes back */
  locale?: string | undefined;
}

/** The localStorage key of the browser's anonymous id. */
const AID = 'ls_aid';

/**
 * The browser's anonymous first-party id (a random UUID kept in localStorage on the store's
 * origin), made on the first visit; undefined when storage is blocked (the shopper then sees A).
 * The server ignores one that is not of its form.
 */
export function anonymousId(win: Window): string | undefined {
  try {
    const storage = win.localStorage;
    let id = storage.getItem(AID);
    if (!id) storage.setItem(AID, (id = win.crypto.randomUUID()));
    return id;
  } catch {
    return undefined;
  }
}

/**
 * The shopper's language: the script tag's `data-locale` (a store theme may print its platform's
 * locale there), Shopify's `Shopify.locale`, the page's `<html lang>`, else the browser's.
 */
export function shopperLanguage(script: HTMLScriptElement): string | undefined {
  const doc = script.ownerDocument;
  const shopify = (doc.defaultView as { Shopify?: { locale?: unknown } } | null)?.Shopify?.locale;
  const tag = (script.dataset.locale || (typeof shopify === 'string' && shopify) || doc.documentElement.lang || doc.defaultView?.navigator.language || '')
    .trim()
    .replace(/_/g, '-');
  try {
    return /^[a-z]{2,3}\b/i.test(tag) ? Intl.getCanonicalLocales(tag)[0] : undefined;
  } catch {
    return undefined; // not a language tag: the server's default
  }
}

/** The query parameter of a preview link, and the tab's session key that keeps its token. */
const PREVIEW = 'ls_preview';

/** The preview token of this tab: taken from the page's address (and kept for the tab's session) or kept before. */
export function previewToken(win: Window): string | undefined {
  try {
    const fromPage = new URLSearchParams(win.location.search).get(PREVIEW);
    if (fromPage) win.sessionStorage.setItem(PREVIEW, fromPage);
    return win.sessionStorage.getItem(PREVIEW) || undefined;
  } catch {
    return undefined; // storage blocked: no preview
  }
}

/** Forgets the tab's preview token; with `reload`, reloads the page without it (Exit). */
function leavePreview(win: Window, reload: boolean): void {
  try {
    win.sessionStorage.removeItem(PREVIEW);
  } catch {
    // storage blocked: nothing was kept
  }
  if (!reload) return;
  const url = new URL(win.location.href);
  url.searchParams.delete(PREVIEW);
  win.location.replace(url.href);
}

/** "Previewing draft — Exit", in the shopper's language: the bar of a tab that shows the store's drafts. */
function previewBar(doc: Document, payload: StorefrontPayload): HTMLElement {
  const exit = el(doc, 'button', { type: 'button' }, word(payload, 'preview.exit'));
  exit.addEventListener('click', () => leavePreview(doc.defaultView!, true));
  return el(doc, 'div', { role: 'status', class: 'ls-preview' }, `${word(payload, 'preview.bar')} — `, exit);
}

/** Reads the embed's options from its own script tag; null when `data-store` is missing. */
export function readScriptOptions(script: HTMLScriptElement): EmbedOptions | null {
  const store = script.dataset.store?.trim();
  if (!store) return null;
  const customerId = script.dataset.customerId?.trim() || undefined;
  const digest = script.dataset.customerDigest?.trim() || undefined;
  const bigcommerceClientId = script.dataset.bigcommerceClientId?.trim() || undefined;
  const win = script.ownerDocument.defaultView;
  const preview = win ? previewToken(win) : undefined;
  const aid = win ? anonymousId(win) : undefined;
  const locale = shopperLanguage(script);
  return {
    store,
    customerId,
    digest,
    ...(bigcommerceClientId ? { bigcommerceClientId } : {}),
    base: new URL('.', script.src),
    ...(preview ? { preview } : {}),
    ...(aid ? { aid } : {}),
    ...(locale ? { locale } : {}),
  };
}

/** `GET {origin}/storefront/v1/{store key}/bootstrap?customer_id=&digest=` (customer only when signed). */
export function bootstrapUrl(options: EmbedOptions, customerJwt?: string): string {
  const url = new URL(`../storefront/v1/${encodeURIComponent(options.store)}/bootstrap`, options.base);
  if (customerJwt) url.searchParams.set('customer_jwt', customerJwt);
  else if (options.customerId && options.digest) {
    url.searchParams.set('customer_id', options.customerId);
    url.searchParams.set('digest', options.digest);
  }
  if (options.preview) url.searchParams.set('preview', options.preview);
  else if (options.aid) url.searchParams.set('aid', options.aid);
  if (options.locale) url.searchParams.set('locale', options.locale);
  return url.href;
}

export interface EmbedHandle {
  host: HTMLElement;
  root: ShadowRoot;
  launcher?: HTMLButtonElement;
  /** opens (or closes) the widget as a click on the launcher does */
  toggle: () => Promise<void>;
  remove: () => void;
}

/**
 * Draws the embed for `payload` on `doc`, styled by the stylesheet the payload carries.
 * `loadPanel` fetches the widget module, once, on the first open.
 */
export function mountEmbed(doc: Document, payload: StorefrontPayload, loadPanel: () => Promise<PanelModule>, shopper?: Shopper): EmbedHandle {
  const host = doc.createElement('div');
  host.setAttribute('data-loyalty-studio', payload.storeKey);
  // a zero-size host: its shadow content is fixed to the window; store CSS cannot restyle it
  host.style.cssText = 'all:initial!important;display:contents!important';
  const root = host.attachShadow({ mode: 'open' });
  addStyles(root, payload.themeCss ?? '');
  if (payload.preview) root.append(previewBar(doc, payload));
  const device: Device = doc.defaultView?.matchMedia?.('(max-width: 767.95px)').matches ? 'mobile' : 'desktop';
  const ctx = contextFromPayload(payload, device);

  const bar = stickyBarOf(payload);
  const barHandle = bar ? createStickyBar(doc, bar, ctx, payload.styleProperties?.sticky_bar) : undefined;
  if (barHandle) root.append(barHandle.element);

  const launcherDoc = launcherOf(payload);
  const launcher = launcherDoc ? createLauncher(doc, launcherDoc, ctx, payload.styleProperties?.launcher?.[device]) : undefined;
  let close: (() => void) | undefined;
  let pending: Promise<void> | undefined;
  let panel: Promise<PanelModule> | undefined;
  const setClosed = () => {
    close?.();
    close = undefined;
    launcher?.setAttribute('aria-expanded', 'false');
  };
  const toggle = (): Promise<void> => {
    if (!launcher) return Promise.resolve();
    if (close) {
      setClosed();
      return Promise.resolve();
    }
    pending ??= (panel ??= loadPanel())
      .then(
        (module) => {
          close = module.openWidget({ root, payload, device, launcher, onClose: setClosed, shopper });
          launcher.setAttribute('aria-expanded', 'true');
        },
        (error: unknown) => {
          panel = undefined; // the next click tries again
          console.warn('Loyalty Studio: the rewards widget could not load', error);
        },
      )
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
  if (launcher) {
    launcher.addEventListener('click', () => {
      void toggle();
    });
    root.append(launcher);
  }
  doc.body.append(host);
  // a visitor through a referral link (?ref=): the widget opens on the friend's offer (the panel module does the rest)
  if (!shopper && /[?&]ref=/.test(doc.location.search)) void toggle();
  return {
    host,
    root,
    launcher,
    toggle,
    remove() {
      setClosed();
      barHandle?.remove();
      host.remove();
    },
  };
}

/**
 * BigCommerce's current customer JWT from the store's own origin (`/customer/current.jwt`), or
 * undefined for a visitor (BigCommerce answers an error when no customer is signed in).
 */
async function currentCustomerJwt(doc: Document, clientId: string): Promise<string | undefined> {
  const url = new URL(`/customer/current.jwt?app_client_id=${encodeURIComponent(clientId)}`, doc.location.href);
  const response = await fetch(url.href, { credentials: 'same-origin', headers: { accept: 'application/json' } }).catch(() => undefined);
  if (!response?.ok) return undefined;
  // BigCommerce sends the JWT as plain text (older stores: JSON `{ "token": … }`)
  const text = (await response.text().catch(() => '')).trim();
  const jwt = text.startsWith('{') ? (JSON.parse(text) as { token?: unknown }).token : text.replace(/^"|"$/g, '');
  return typeof jwt === 'string' && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(jwt) ? jwt : undefined;
}

/** Fetches the bootstrap once and mounts the embed; resolves to null when there is nothing to show. */
export async function startEmbed(doc: Document, options: EmbedOptions): Promise<EmbedHandle | null> {
  const customerJwt = options.bigcommerceClientId && !options.digest ? await currentCustomerJwt(doc, options.bigcommerceClientId) : undefined;
  const response = await fetch(bootstrapUrl(options, customerJwt), { credentials: 'omit', headers: { accept: 'application/json' } });
  if (!response.ok && options.preview && doc.defaultView) {
    // an expired or revoked preview link: forget it and show what is published
    leavePreview(doc.defaultView, false);
    return startEmbed(doc, { ...options, preview: undefined });
  }
  if (!response.ok) throw new Error(`Loyalty Studio: bootstrap answered ${response.status}`);
  const body = (await response.json()) as { data?: unknown };
  if (!isPayload(body.data)) throw new Error('Loyalty Studio: unexpected bootstrap answer');
  const panelUrl = new URL(panelFile(), options.base).href;
  const loadPanel = () => import(/* @vite-ignore */ panelUrl) as Promise<PanelModule>;
  const payload = body.data;
  // a shopper identified by the platform's JWT signs the next calls as the bootstrap says
  const signed = (body.data as { shopper?: { customer_id?: unknown; digest?: unknown } }).shopper;
  const { store, base } = options;
  const customerId = typeof signed?.customer_id === 'string' ? signed.customer_id : options.customerId;
  const digest = typeof signed?.digest === 'string' ? signed.digest : options.digest;
  const shopper = customerId && digest ? { store, customerId, digest, base, aid: options.aid } : undefined;
  const mount = () => mountEmbed(doc, payload, loadPanel, shopper);
  if (doc.body) return mount();
  return new Promise((resolve) => doc.addEventListener('DOMContentLoaded', () => resolve(mount()), { once: true }));
}

/** Entry point of loader.js: runs once, on the script tag that loaded it. */
export function boot(doc: Document): void {
  const script = doc.currentScript;
  if (!(script instanceof HTMLScriptElement)) return;
  const options = readScriptOptions(script);
  if (!options) {
    console.warn('Loyalty Studio: the embed script needs a data-store attribute');
    return;
  }
  startEmbed(doc, options).catch((error: unknown) => console.warn(error instanceof Error ? error.message : error));
}
