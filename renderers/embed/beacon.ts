/**
 * The experiments' beacon, sent by the widget module (the widget opened, a reward was redeemed):
 * one event of this page load to every experiment it shows, with navigator.sendBeacon and a text
 * body (no preflight, nothing waits for it). The server counts each event once per page load.
 */
import type { StorefrontExperiment } from '../context.ts';

export type ExperimentEvent = 'open' | 'redeem';

/** `api`: the store's key and the folder the embed came from (the storefront API lives beside it). */
export function reportEvent(
  win: Window,
  api: { store: string; base: URL },
  experiments: readonly StorefrontExperiment[] | undefined,
  event: ExperimentEvent,
): void {
  const url = new URL(`../storefront/v1/${encodeURIComponent(api.store)}/beacon`, api.base).href;
  for (const shown of experiments ?? []) {
    try {
      win.navigator.sendBeacon?.(url, JSON.stringify({ token: shown.beacon, event }));
    } catch {
      // a beacon refused by the browser is a lost count, never an error on the store's page
    }
  }
}
