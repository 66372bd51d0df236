import { ICONS, ICON_VIEWBOX, type IconId } from '../../../presets/icons.ts';

const PATHS: ReadonlyMap<string, string> = new Map(ICONS.map((icon) => [icon.id, icon.path]));

/** An icon of the product's library (presets/icons), drawn as the storefront draws it: a 24×24 stroke, decorative. */
export function LibraryIcon({ id, size = 24 }: { id: IconId; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox={ICON_VIEWBOX}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={id}
    >
      <path d={PATHS.get(id)} />
    </svg>
  );
}
