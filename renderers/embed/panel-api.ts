/**
 * The contract between the loader (always on the page) and the widget panel module (loaded the
 * first time the shopper opens the widget).
 */
import type { Device, StorefrontPayload } from '../context.ts';

export interface OpenWidgetOptions {
  /** where the widget is drawn: the embed's shadow root (the stylesheet is already there) */
  root: ShadowRoot | HTMLElement;
  payload: StorefrontPayload;
  device: Device;
  /** focus goes back here when the widget closes */
  launcher: HTMLElement;
  /** the shopper asked to close (close button, Esc) */
  onClose: () => void;
}

export interface PanelModule {
  /** draws the widget and returns the function that removes it */
  openWidget: (options: OpenWidgetOptions) => () => void;
}
