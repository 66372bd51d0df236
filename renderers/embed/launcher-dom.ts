/**
 * The storefront launcher drawn with plain DOM: the same element, classes, attributes and custom
 * properties as the renderers' `<Launcher>` (a unit test compares both), so the canvas and the
 * store show the same button while the loader stays tiny.
 */
import type { RenderContext } from '../context.ts';
import { fillPlaceholders } from '../format/placeholders.ts';
import { DEFAULT_LAUNCHER_TITLE, launcherStyle } from '../launcher/Launcher.tsx';
import type { Launcher, LauncherSettings } from '../schema/index.ts';
import { el, iconNode, setProperties } from './dom.ts';

/** Title, icon and text choices of `<Launcher>` for one device's settings. */
export function launcherParts(settings: LauncherSettings, ctx: RenderContext) {
  const title = fillPlaceholders(settings.launcher_title.trim() || DEFAULT_LAUNCHER_TITLE, ctx);
  const showIcon = settings.launcher_type !== 'text' && settings.icon_type !== 'none' && settings.icon !== '';
  const showText = settings.launcher_type !== 'icon' || !showIcon;
  return { title, showIcon, showText };
}

/** `custom`: the launcher's custom style as custom properties (`launcherCustomProperties`, resolved by the server). */
export function createLauncher(doc: Document, launcher: Launcher, ctx: RenderContext, custom?: Record<string, string>): HTMLButtonElement {
  const settings = launcher[ctx.device];
  const { title, showIcon, showText } = launcherParts(settings, ctx);
  const button = el(doc, 'button', {
    type: 'button',
    class: 'ls-root ls-launcher',
    'aria-label': showText ? undefined : title,
    'aria-expanded': 'false',
    'aria-haspopup': 'dialog',
    'data-theme': ctx.theme,
    'data-device': ctx.device,
    'data-type': settings.launcher_type,
    'data-placement': settings.placement,
    'data-shape': settings.shape,
  });
  setProperties(button, { ...(launcherStyle(settings) as Record<string, string | number | undefined>), ...custom });
  const icon = showIcon ? iconNode(doc, settings.icon, ctx) : null;
  if (icon) button.append(icon);
  if (showText) button.append(el(doc, 'span', { 'data-field': 'launcher_title' }, title));
  return button;
}
