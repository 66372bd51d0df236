/**
 * WCAG contrast, shared with the schema (which owns colour parsing): the builder refuses to
 * publish a text/background pair below MIN_TEXT_CONTRAST (4.5:1, AA normal text).
 */
import { contrastRatio as ratioOrNull, MIN_TEXT_CONTRAST } from '../contract/index.ts';

/** Contrast ratio between 1 and 21; throws when either value is not a colour. */
export function contrastRatio(foreground: string, background: string): number {
  const ratio = ratioOrNull(foreground, background);
  if (ratio === null) throw new Error(`Not a colour pair: ${foreground} on ${background}`);
  return ratio;
}

export function meetsContrast(foreground: string, background: string, minimum = MIN_TEXT_CONTRAST): boolean {
  return (ratioOrNull(foreground, background) ?? 0) >= minimum;
}
