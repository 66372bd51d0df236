/**
 * `<Launcher>`: the storefront button that opens the widget, drawn from the settings of the
 * context's device (spec §3: zoom, type, paddings, title, colours, icon, placement, shape,
 * z-index). A real `button` named by its title (default "Get Rewarded"), never under 44×44 px.
 * The ref reaches the button, so the widget can give focus back to it.
 */
import { forwardRef, type CSSProperties } from 'react';
import type { RenderContext } from '../context.ts';
import { fillPlaceholders, safeColor } from '../format/index.ts';
import type { Launcher as LauncherDocument, LauncherSettings } from '../schema/index.ts';
import { Icon } from '../shared/icons.tsx';
import { customStyleProperties, withOwnColours } from '../theme/custom-style.ts';

/** spec §9 default launcher title. */
export const DEFAULT_LAUNCHER_TITLE = 'Get Rewarded';

export interface LauncherProps {
  doc: LauncherDocument;
  ctx: RenderContext;
  onClick?: () => void;
  /** whether the widget it opens is open (aria-expanded) */
  expanded?: boolean;
  /** id of the widget element it controls */
  controls?: string;
  /** in the page flow (builder canvas) instead of fixed to the window corner */
  inline?: boolean;
}

export function launcherStyle(settings: LauncherSettings): CSSProperties {
  return {
    '--ls-l-bg': safeColor(settings.background_color),
    '--ls-l-fg': safeColor(settings.text_color),
    '--ls-zoom': settings.zoom / 100,
    '--ls-pb': `${settings.padding_bottom}px`,
    '--ls-ps': `${settings.padding_side}px`,
    '--ls-z': settings.z_index,
  } as CSSProperties;
}

/**
 * The launcher's custom style as custom properties, on top of `launcherStyle` (its accent pair
 * paints the button). The storefront loader gets these resolved by the server (the payload's
 * `styleProperties`), which keeps the contrast check out of the loader's budget.
 */
export function launcherCustomProperties(settings: LauncherSettings, ctx: RenderContext): Record<string, string> {
  const base = { ...ctx.themes?.[ctx.theme], accent: settings.background_color, accent_text: settings.text_color };
  return withOwnColours(customStyleProperties(ctx.customStyles?.launcher, base), ['--ls-l-bg', '--ls-l-fg']);
}

export const Launcher = forwardRef<HTMLButtonElement, LauncherProps>(function Launcher({ doc, ctx, onClick, expanded, controls, inline }, ref) {
  const settings = doc[ctx.device];
  const title = fillPlaceholders(settings.launcher_title.trim() || DEFAULT_LAUNCHER_TITLE, ctx);
  const showIcon = settings.launcher_type !== 'text' && settings.icon_type !== 'none' && settings.icon !== '';
  const showText = settings.launcher_type !== 'icon' || !showIcon;
  return (
    <button
      ref={ref}
      type="button"
      className="ls-root ls-launcher"
      onClick={onClick}
      aria-label={showText ? undefined : title}
      aria-expanded={expanded}
      aria-controls={controls}
      aria-haspopup="dialog"
      data-theme={ctx.theme}
      data-device={ctx.device}
      data-type={settings.launcher_type}
      data-placement={settings.placement}
      data-shape={settings.shape}
      data-inline={inline ? '' : undefined}
      style={{ ...launcherStyle(settings), ...launcherCustomProperties(settings, ctx) }}
    >
      {showIcon && <Icon icon={settings.icon} ctx={ctx} fallback="gift" />}
      {showText && <span data-field="launcher_title">{title}</span>}
    </button>
  );
});
