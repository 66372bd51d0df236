/**
 * What the launcher shows, computed once for its two drawings: the renderers' `<Launcher>`
 * (builder canvas, SSR) and the storefront loader's plain-DOM launcher. Each only maps this
 * view to elements, so both draw the same button. No React, no DOM: the loader ships it.
 */
import { word } from '../i18n/catalog.ts';
import { textDirection } from '../i18n/direction.ts';
import type { RenderContext } from '../context.ts';
import { safeColor } from '../format/safe.ts';
import type { Launcher, LauncherSettings } from '../contract/index.ts';
import type { ViewAttributes } from '../shared/view.ts';

/** spec §9 default launcher title. */
export const DEFAULT_LAUNCHER_TITLE = 'Get Rewarded';

/** Icon drawn for an icon id the library does not know. */
export const LAUNCHER_ICON_FALLBACK = 'gift';

export interface LauncherView {
  /** the button's attributes besides its state (`aria-expanded`, `aria-controls`) */
  attributes: ViewAttributes;
  /** custom properties of the button's style (undefined ones are left out) */
  properties: Record<string, string | undefined>;
  /** icon id or image address drawn before the title; null when there is no icon */
  icon: string | null;
  /** the title as visible text, marked with its field; null when only the icon shows (the title is then the aria-label) */
  text: { field: 'launcher_title'; value: string } | null;
}

export interface LauncherViewOptions {
  /** in the page flow (builder canvas) instead of fixed to the window corner */
  inline?: boolean;
  /** the launcher's custom style as custom properties (`launcherCustomProperties`) */
  custom?: Record<string, string>;
  /**
   * Fills the title's placeholders for the context (`fillPlaceholders`); the storefront loader
   * passes its texts as the server filled them in the bootstrap.
   */
  fill: (text: string) => string;
}

/** The launcher's own settings as custom properties; a colour that is not a colour is left out (undefined). */
export function launcherProperties(settings: LauncherSettings): Record<string, string | undefined> {
  return {
    '--ls-l-bg': safeColor(settings.background_color),
    '--ls-l-fg': safeColor(settings.text_color),
    '--ls-zoom': String(settings.zoom / 100),
    '--ls-pb': `${settings.padding_bottom}px`,
    '--ls-ps': `${settings.padding_side}px`,
    '--ls-z': String(settings.z_index),
  };
}

/** The launcher of the context's device and audience. */
export function launcherView(doc: Launcher, ctx: RenderContext, options: LauncherViewOptions): LauncherView {
  const settings = doc[ctx.device];
  const title = options.fill(settings.launcher_title.trim() || word(ctx, 'launcher.title'));
  const showIcon = settings.launcher_type !== 'text' && settings.icon_type !== 'none' && settings.icon !== '';
  const showText = settings.launcher_type !== 'icon' || !showIcon;
  return {
    attributes: {
      className: 'ls-root ls-launcher',
      type: 'button',
      'aria-label': showText ? undefined : title,
      'aria-haspopup': 'dialog',
      lang: ctx.locale,
      dir: textDirection(ctx.locale),
      'data-theme': ctx.theme,
      'data-device': ctx.device,
      'data-type': settings.launcher_type,
      'data-placement': settings.placement,
      'data-shape': settings.shape,
      'data-inline': options.inline ? '' : undefined,
    },
    properties: { ...launcherProperties(settings), ...options.custom },
    icon: showIcon ? settings.icon : null,
    text: showText ? { field: 'launcher_title', value: title } : null,
  };
}
