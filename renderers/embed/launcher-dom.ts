/**
 * The storefront launcher drawn with plain DOM from `launcherView`, the view the renderers'
 * `<Launcher>` draws too (a unit test compares both), so the canvas and the store show the same
 * button while the loader stays tiny.
 */
import type { RenderContext } from '../context.ts';
import { LAUNCHER_ICON_FALLBACK, launcherView } from '../launcher/view.ts';
import type { Launcher } from '../contract/index.ts';
import { asFilled, el, iconNode, setProperties } from './dom.ts';

/** `custom`: the launcher's custom style as custom properties (`launcherCustomProperties`, resolved by the server). */
export function createLauncher(doc: Document, launcher: Launcher, ctx: RenderContext, custom?: Record<string, string>): HTMLButtonElement {
  const view = launcherView(launcher, ctx, { custom, fill: asFilled });
  const button = el(doc, 'button', { ...view.attributes, 'aria-expanded': 'false' });
  setProperties(button, view.properties);
  const icon = view.icon === null ? null : iconNode(doc, view.icon, ctx, LAUNCHER_ICON_FALLBACK);
  if (icon) button.append(icon);
  if (view.text) button.append(el(doc, 'span', { 'data-field': view.text.field }, view.text.value));
  return button;
}
