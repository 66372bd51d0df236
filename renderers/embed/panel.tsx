/**
 * The widget panel module of the storefront embed, loaded only when the shopper opens the widget.
 * It runs the renderers' `<Widget>` (the same component as the builder canvas) under Preact
 * through `preact/compat` aliasing (see vite.config.ts), inside the embed's shadow root.
 */
import { createRef, useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { contextFromPayload, type ReferralArrival, type ReferralOffer, type StorefrontPayload } from '../context.ts';
import { t, type Wording } from '../i18n/catalog.ts';
import type { PanelKey, Widget as WidgetDocument } from '../contract/index.ts';
import { Widget } from '../widget/Widget.tsx';
import { availablePanels, type WidgetAction } from '../widget/panels.ts';
import type { OpenWidgetOptions, Shopper } from './panel-api.ts';
import { WIDGET_STYLESHEET } from '../theme/stylesheet.ts';
import { addStyles } from './dom.ts';
import { applyThroughCart } from './apply-code.ts';
import { reportEvent } from './beacon.ts';
import { refusalNotice, UNREACHABLE } from './refusals.ts';
import { launcherPlacement } from './payload.ts';
import { formatPointsAmount, type PointsWords } from '../format/index.ts';

type Outcome = { notice: string; payload?: StorefrontPayload; panel?: PanelKey; referral?: ReferralArrival };

/** Where the shopper API lives: the store's key and the folder the embed came from. */
type Api = Pick<Shopper, 'store' | 'base'>;

/** A storefront API answer: `data`, or a refusal's machine `code` (its English `message` is never shown). */
type Answer = { ok: boolean; body: { data?: unknown; code?: string } };

/** A call that never reached the service answers as a refusal of its own. */
const unreachable = (): Answer => ({ ok: false, body: { code: UNREACHABLE } });

async function call(shopper: Api, path: string, init: RequestInit): Promise<Answer> {
  const url = new URL(`../storefront/v1/${encodeURIComponent(shopper.store)}/${path}`, shopper.base);
  const response = await fetch(url, {
    credentials: 'omit',
    ...init,
    headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
  });
  return { ok: response.ok, body: (await response.json().catch(() => ({}))) as Answer['body'] };
}

/** The member's fresh state after an action (same request as the loader's bootstrap, in the same language and experiment variants). */
async function reload(shopper: Shopper, locale: string): Promise<StorefrontPayload | undefined> {
  const query = new URLSearchParams({ customer_id: shopper.customerId, digest: shopper.digest, locale, ...(shopper.aid && { aid: shopper.aid }) });
  const { ok, body } = await call(shopper, `bootstrap?${query}`, { method: 'GET' });
  return ok ? (body.data as StorefrontPayload) : undefined;
}

/** A signed POST of the shopper API; an unreachable service answers as a refusal. */
function signedPost(shopper: Shopper, path: string, payload: object, headers: Record<string, string> = {}): Promise<Answer> {
  const signature = { customer_id: shopper.customerId, digest: shopper.digest };
  return call(shopper, path, { method: 'POST', headers, body: JSON.stringify({ ...signature, ...payload }) }).catch(unreachable);
}

/** An unsigned POST of the shopper API (a visitor's referral calls); an unreachable service answers as a refusal. */
function post(api: Api, path: string, payload: object): Promise<Answer> {
  return call(api, path, { method: 'POST', body: JSON.stringify(payload) }).catch(unreachable);
}

const VISITOR_KEY = 'ls-referral-visitor';

function storage(doc: Document): Storage | undefined {
  try {
    return doc.defaultView?.localStorage;
  } catch {
    return undefined; // storage blocked (private mode, sandboxed frame)
  }
}

/** The referral code of the page's address (`?ref=`), if any. */
export function referralCodeOf(doc: Document): string | null {
  const code = new URLSearchParams(doc.location.search).get('ref')?.trim();
  return code ? code.slice(0, 64) : null;
}

/**
 * A visitor opened a referral link: the visit is recorded (first touch wins, under the visitor's
 * token kept in this browser) and the friend's offer comes back as figures the widget words in the
 * shopper's language. Any refusal reads as "This referral could not be completed.": the shopper
 * never learns more.
 */
export async function visitReferral(api: Api, doc: Document, code: string): Promise<ReferralArrival & { visitor?: string }> {
  const store = storage(doc);
  const known = store?.getItem(VISITOR_KEY) ?? undefined;
  const { ok, body } = await post(api, 'referral/visit', { code, ...(known ? { visitor: known } : {}) });
  const data = body.data as { visitor?: string; referrer_name?: string; offer?: ReferralOffer } | undefined;
  if (!ok || !data?.visitor) return { referrerName: '', failed: true };
  store?.setItem(VISITOR_KEY, data.visitor);
  return { referrerName: data.referrer_name ?? '', ...(data.offer ? { offer: data.offer } : {}), visitor: data.visitor };
}

type FriendCouponState = Pick<ReferralArrival, 'platform' | 'platformError' | 'applyUrl'>;

/** A friend coupon's platform side, from a storefront answer (`platform_state`, `platform_error`, `apply_url`), as the widget shows it. */
export function friendCouponState(data: unknown): FriendCouponState {
  const answer = (data ?? {}) as { platform_state?: string | null; platform_error?: string | null; apply_url?: string | null };
  if (answer.platform_state === 'preparing') return { platform: 'preparing' };
  if (answer.platform_state === 'refused') return { platform: 'refused', ...(answer.platform_error ? { platformError: answer.platform_error } : {}) };
  return answer.platform_state === 'created' ? { platform: 'ready', ...(answer.apply_url ? { applyUrl: answer.apply_url } : {}) } : {};
}

/** How the shop stands with the friend coupon the visitor took; undefined when it could not be read. */
async function friendCoupon(api: Api, visitor: string, code: string): Promise<FriendCouponState | undefined> {
  const { ok, body } = await post(api, 'referral/coupon', { visitor, code });
  return ok ? friendCouponState(body.data) : undefined;
}

/** Resolves when the shopper comes back to this page (its window gets the focus again). */
function cameBack(win: Window): Promise<void> {
  return new Promise((resolve) => win.addEventListener('focus', () => resolve(), { once: true }));
}

/**
 * A way to earn the shopper performed (on trust, as the program's peers do): a follow is claimed
 * once they come back from the profile, the newsletter at once; the server keeps it to once per
 * shopper and the rule's limit.
 */
async function claimEarnAction(shopper: Shopper, action: Extract<WidgetAction, { type: 'follow' | 'join_newsletter' }>, words: Wording): Promise<Outcome> {
  if (action.type === 'follow' && action.opened && typeof window !== 'undefined') await cameBack(window);
  const payload = action.type === 'follow' ? { action: 'social_follow', network: action.network } : { action: 'newsletter' };
  const { ok, body } = await signedPost(shopper, 'actions', payload);
  if (!ok) return { notice: refusalNotice(words, body.code) };
  const data = body.data as { duplicate?: boolean } | undefined;
  const fresh = await reload(shopper, words.locale);
  const notice = t(words, data?.duplicate ? 'notice.alreadyEarned' : action.type === 'follow' ? 'notice.followThanks' : 'notice.newsletterJoined');
  return { notice, ...(fresh ? { payload: fresh } : {}) };
}

/** Performs a widget action; resolves to what the shopper should see next, in the shopper's language. */
export async function perform(
  action: WidgetAction,
  shopper: Shopper | undefined,
  words: Wording,
  visit?: { api: Api; arrival: ReferralArrival & { visitor?: string } },
): Promise<Outcome | undefined> {
  const notCompleted = t(words, 'referral.failed');
  switch (action.type) {
    case 'claim_referral_coupon': {
      if (!visit?.arrival.visitor) return { notice: notCompleted };
      const { ok, body } = await post(visit.api, 'referral/claim', { visitor: visit.arrival.visitor, email: action.email });
      const code = (body.data as { code?: string } | undefined)?.code;
      if (ok && code) {
        const referral = { ...visit.arrival, code, ...friendCouponState(body.data) };
        return { notice: referral.platform === 'preparing' ? t(words, 'notice.couponPreparing') : t(words, 'notice.coupon', { code }), referral };
      }
      // taken before with this e-mail: say so; anything else (held for review, expired, unknown) reads the same
      return { notice: body.code === 'friend_coupon_taken' ? refusalNotice(words, body.code) : notCompleted };
    }
    case 'copy_referral_link':
      await navigator.clipboard?.writeText(action.link).catch(() => undefined);
      return undefined;
    case 'send_referral_email': {
      if (!shopper) return { notice: t(words, 'notice.signInToInvite') };
      // the store's "Referral Sent" email carries the member's link to the friend
      const { ok, body } = await signedPost(shopper, 'referral/invite', { email: action.email });
      if (!ok) return { notice: refusalNotice(words, body.code, 'notice.inviteFailed') };
      return { notice: t(words, 'notice.inviteSent', { email: action.email }) };
    }
    case 'redeem':
    case 'save_birthday': {
      if (!shopper) return { notice: t(words, 'notice.signInToUse') };
      const { ok, body } =
        action.type === 'redeem'
          ? await signedPost(shopper, 'redeem', { redeem_id: action.methodId }, { 'idempotency-key': crypto.randomUUID() })
          : await signedPost(shopper, 'actions', { action: 'birthday', birthday: action.birthday });
      if (!ok) return { notice: refusalNotice(words, body.code) };
      const payload = await reload(shopper, words.locale);
      if (action.type === 'redeem') {
        const data = body.data as { code?: string; platform_state?: string | null } | undefined;
        // a code the shop's platform is still preparing is shown once it works there
        const notice =
          data?.platform_state === 'preparing'
            ? t(words, 'notice.redeemedPreparing')
            : data?.code
              ? t(words, 'notice.redeemedCode', { code: data.code })
              : t(words, 'notice.redeemed');
        return { notice, payload, panel: 'reward_cart' };
      }
      return { notice: t(words, 'notice.birthdaySaved'), payload };
    }
    case 'follow':
    case 'join_newsletter':
      if (!shopper) return { notice: t(words, 'notice.signInToEarn') };
      return claimEarnAction(shopper, action, words);
    case 'apply_reward':
      // the shop's cart API applies it to the shopper's cart
      if (action.cartAddress) return { notice: await applyThroughCart(document, action.cartAddress, action.code, words) };
      // no platform address to apply it with: the code goes to the clipboard for the checkout
      await navigator.clipboard?.writeText(action.code).catch(() => undefined);
      return { notice: t(words, 'notice.codeCopied', { code: action.code }) };
    case 'share_points':
      return { notice: t(words, 'notice.sharingClosed') };
    default:
      return undefined;
  }
}

const RECEIPT_PANEL: PanelKey = 'reward_points';
/** How often, and how many times, the widget looks again for a code the shop is preparing (about a minute). */
const PREPARING_EVERY_MS = 2_000;
const PREPARING_LOOKS = 30;

/** The receipt upload: its own chunk, fetched the first time a signed-in shopper opens the points panel. */
function Receipts({ shopper, words }: { shopper: Shopper; words: PointsWords }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let cleanUp: (() => void) | undefined;
    let alive = true;
    void import('./receipt-upload.ts').then(({ mountReceipts }) => {
      if (alive && holder.current) cleanUp = mountReceipts(holder.current, shopper, (points) => formatPointsAmount(points, words));
    });
    return () => {
      alive = false;
      cleanUp?.();
    };
  }, [shopper, words]);
  return <div ref={holder} />;
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
  const state: { payload: StorefrontPayload; panel: PanelKey | 'home'; notice: string; referral?: ReferralArrival & { visitor?: string } } = {
    payload,
    panel: 'home',
    notice: '',
  };
  // a visitor who came through a referral link (the loader opened the widget for it)
  const api: Api = { store: payload.storeKey, base: shopper?.base ?? new URL('.', import.meta.url) };
  const code = shopper ? null : referralCodeOf(doc);
  const report = (event: 'open' | 'redeem') => doc.defaultView && reportEvent(doc.defaultView, api, payload.experiments, event);
  const draw = () =>
    view.render(
      <Widget
        doc={state.payload.documents.widget as WidgetDocument}
        ctx={{ ...contextFromPayload(state.payload, device), ...(state.referral ? { referral: state.referral } : {}) }}
        onClose={onClose}
        returnFocusTo={returnFocusTo}
        onAction={act}
        placement={launcherPlacement(state.payload, device)}
        notice={state.notice}
        panel={state.panel}
        panelExtra={(key) => (key === RECEIPT_PANEL && shopper && state.payload.member ? <Receipts shopper={shopper} words={state.payload.program} /> : null)}
        onNavigate={(panel) => {
          state.panel = panel;
          state.notice = '';
          draw();
        }}
      />,
    );
  function act(action: WidgetAction) {
    void perform(action, shopper, state.payload, state.referral ? { api, arrival: state.referral } : undefined).then((outcome) => {
      if (!outcome) return;
      if (action.type === 'redeem' && outcome.panel === 'reward_cart') report('redeem');
      state.notice = outcome.notice;
      if (outcome.payload) state.payload = outcome.payload;
      if (outcome.panel) state.panel = outcome.panel;
      if (outcome.referral) state.referral = outcome.referral;
      draw();
      watchPreparing();
    });
  }
  // a code the shop's platform is still preparing: the member's state is read again until it is ready (or refused)
  let watching: ReturnType<typeof setTimeout> | undefined;
  let looks = 0;
  function watchPreparing() {
    const preparing = state.payload.member?.rewards.some((reward) => reward.platform === 'preparing');
    const friend = state.referral?.platform === 'preparing' ? state.referral : undefined;
    if (!(shopper && preparing) && !friend) return;
    if (watching !== undefined || looks >= PREPARING_LOOKS) return;
    watching = setTimeout(() => {
      looks += 1;
      // a member's rewards are read again with their state; a visitor's friend coupon on its own
      const look =
        shopper && preparing
          ? reload(shopper, state.payload.locale).then((fresh) => {
              if (fresh) state.payload = fresh;
            })
          : friendCoupon(api, friend!.visitor ?? '', friend!.code ?? '').then((coupon) => {
              if (coupon && state.referral) state.referral = { ...state.referral, ...coupon };
              if (coupon && coupon.platform !== 'preparing')
                state.notice = coupon.platform === 'ready' ? t(state.payload, 'notice.coupon', { code: friend!.code ?? '' }) : '';
            });
      void look.then(() => {
        watching = undefined;
        draw();
        watchPreparing();
      });
    }, PREPARING_EVERY_MS);
  }
  if (code) {
    if (availablePanels(state.payload.documents.widget as WidgetDocument, 'visitor').includes('referral_program')) state.panel = 'referral_program';
    void visitReferral(api, doc, code).then((arrival) => {
      state.referral = arrival;
      // the referral panel says it itself; without that panel the notice does
      if (arrival.failed && state.panel !== 'referral_program') state.notice = t(state.payload, 'referral.failed');
      draw();
    });
  }
  draw();
  report('open');
  watchPreparing();
  return () => {
    clearTimeout(watching);
    looks = PREPARING_LOOKS;
    view.unmount();
    container.remove();
  };
}
