/**
 * `<Launcher>`: the storefront button that opens the widget, drawn from the settings of the
 * context's device (spec §3: zoom, type, paddings, title, colours, icon, placement, shape,
 * z-index). A real `button` named by its title (default "Get Rewarded"), never under 44×44 px.
 * The ref reaches the button, so the widget can give focus back to it. What it shows comes from
 * `launcherView` (`view.ts`), which the storefront loader's DOM launcher draws too.
 */
import { forwardRef, type CSSProperties } from 'react';
import type { RenderContext } from '../context.ts';
import type { Launcher as LauncherDocument, LauncherSettings } from '../contract/index.ts';
import { fillPlaceholders } from '../format/placeholders.ts';
import { Icon } from '../shared/icons.tsx';
import { customStyleProperties, withOwnColours } from '../theme/custom-style.ts';
import { LAUNCHER_ICON_FALLBACK, launcherView } from './view.ts';
import { useLocalized } from '../shared/localized.ts';

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

/**
 * The launcher's custom style as custom properties, on top of its own (its accent pair paints
 * the button). The storefront loader gets these resolved by the server (the payload's
 * `styleProperties`), which keeps the contrast check out of the loader's budget.
 */
export function launcherCustomProperties(settings: LauncherSettings, ctx: RenderContext): Record<string, string> {
  const base = { ...ctx.themes?.[ctx.theme], accent: settings.background_color, accent_text: settings.text_color };
  return withOwnColours(customStyleProperties(ctx.customStyles?.launcher, base), ['--ls-l-bg', '--ls-l-fg']);
}

export const Launcher = forwardRef<HTMLButtonElement, LauncherProps>(function Launcher({ doc: saved, ctx, onClick, expanded, controls, inline }, ref) {
  const doc = useLocalized(saved, ctx);
  const view = launcherView(doc, ctx, { inline, custom: launcherCustomProperties(doc[ctx.device], ctx), fill: (text) => fillPlaceholders(text, ctx) });
  return (
    <button
      ref={ref}
      {...view.attributes}
      type="button"
      onClick={onClick}
      aria-expanded={expanded}
      aria-controls={controls}
      style={view.properties as CSSProperties}
    >
      {view.icon !== null && <Icon icon={view.icon} ctx={ctx} fallback={LAUNCHER_ICON_FALLBACK} />}
      {view.text && <span data-field={view.text.field}>{view.text.value}</span>}
    </button>
  );
});
