/**
 * Icons. Documents store icon ids of the merchant's icon library (served by POST /icons/list,
 * kept in presets) or an https image address. The renderers may not import presets, so the
 * library's paths come in through `RenderContext.icons`; the few icons of the surfaces' own
 * chrome (back, close, …) are built in and also serve as the fallback for an unknown id.
 * Every path is a 24×24 stroke drawing, like the library's.
 */
import type { RenderContext } from '../context.ts';
import { safeUrl } from '../format/index.ts';

export const BUILT_IN_ICONS: Record<string, string> = {
  star: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z',
  gift: 'M3 9h18v4H3z M5 13h14v8H5z M12 9v12 M12 9C10 5 6 5 6.5 7.5S12 9 12 9 M12 9c2-4 6-4 5.5-1.5S12 9 12 9',
  crown: 'M3 19h18 M4 16L3 6l5 4 4-6 4 6 5-4-1 10z',
  back: 'M15 5l-7 7 7 7',
  close: 'M6 6l12 12 M18 6L6 18',
  chevron: 'M9 5l7 7-7 7',
};

interface IconProps {
  icon: string | undefined;
  ctx: RenderContext;
  fallback?: string;
}

/** A library icon id, an https image, or nothing for ''. Unknown ids draw `fallback`. */
export function Icon({ icon, ctx, fallback = 'star' }: IconProps) {
  if (icon === '' || icon === undefined) return null;
  if (/^https?:/i.test(icon)) {
    const src = safeUrl(icon);
    return src ? <img className="ls-icon-img" src={src} alt="" loading="lazy" decoding="async" /> : null;
  }
  const library = ctx.icons && Object.hasOwn(ctx.icons, icon) ? ctx.icons[icon] : undefined;
  const path = library ?? (Object.hasOwn(BUILT_IN_ICONS, icon) ? BUILT_IN_ICONS[icon] : BUILT_IN_ICONS[fallback]);
  return (
    <svg
      className="ls-icon"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      data-icon={icon}
    >
      <path d={path} />
    </svg>
  );
}
