/**
 * The studio's own control icons as SVG (a Unicode glyph renders as an empty box where the
 * fonts lack it). 24×24 stroke drawings, hidden from screen readers: their buttons are named.
 */
const PATHS = {
  drag: 'M9 5h.01M15 5h.01M9 12h.01M15 12h.01M9 19h.01M15 19h.01',
  duplicate: 'M9 9h11v11H9z M5 15H4V4h11v1',
  delete: 'M4 7h16 M10 11v6 M14 11v6 M6 7l1 13h10l1-13 M9 7V4h6v3',
  close: 'M6 6l12 12 M18 6L6 18',
} as const;

export type StudioIconName = keyof typeof PATHS;

export function StudioIcon({ name, size = 16 }: { name: StudioIconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={name === 'drag' ? 3 : 2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
