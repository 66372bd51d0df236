/**
 * WCAG 2.x contrast: relative luminance and contrast ratio of two colours.
 * The builder refuses to publish text/background pairs below {@link MIN_CONTRAST} (AA, normal text).
 */
export const MIN_CONTRAST = 4.5;

/** Parses #rgb, #rrggbb, #rrggbbaa (alpha ignored) and rgb()/rgba(); null when not parseable. */
export function parseColor(value: string): [number, number, number] | null {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text);
  if (hex) {
    let digits = hex[1]!;
    if (digits.length <= 4) digits = [...digits].map((d) => d + d).join('');
    return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
  }
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})/.exec(text);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])].map((n) => Math.min(255, n)) as [number, number, number];
  return null;
}

export function relativeLuminance(color: string): number {
  const rgb = parseColor(color);
  if (!rgb) throw new Error(`Not a colour: ${color}`);
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio between 1 and 21. */
export function contrastRatio(foreground: string, background: string): number {
  const a = relativeLuminance(foreground);
  const b = relativeLuminance(background);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

export function meetsContrast(foreground: string, background: string, minimum = MIN_CONTRAST): boolean {
  return contrastRatio(foreground, background) >= minimum;
}
