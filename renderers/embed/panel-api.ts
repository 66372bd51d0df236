/**
 * The contract between the loader (always on the page) and the widget panel module (loaded the
 * first time the shopper opens the widget).
 */
import type { Device, StorefrontPayload } from '../context.ts';

export interface OpenWidgetOptions {
  /** where the widget is drawn: the embed's shadow root (the widget module adds its own rules there) */
  root: ShadowRoot | HTMLElement;
  payload: StorefrontPayload;
  device: Device;
  /** focus goes back here when the widget closes */
  launcher: HTMLElement;
  /** the shopper asked to close (close button, Esc) */
  onClose: () => void;
  /** a signed-in shopper: the widget's actions (redeem, birthday) call the shopper API with it */
  shopper?: Shopper;
}

/** Where the shopper API lives and the signature of the signed-in customer. */
export interface Shopper {
  store: string;
  customerId: string;
  digest: string;
  /** the folder loader.js came from */
  base: URL;
  /** the browser's anonymous id: a fresh bootstrap keeps the shopper's experiment variants */
  aid?: string | undefined;
}

export interface PanelModule {
  /** draws the widget (and tells the page's experiments it opened); returns the function that removes it */
  openWidget: (options: OpenWidgetOptions) => () => void;
}
