export { formatPoints } from './points.ts';
export { fillPlaceholders, placeholderValues, PLACEHOLDER_NAMES, VISITOR_NAME } from './placeholders.ts';
export type { PlaceholderName } from './placeholders.ts';
export { contrastRatio, relativeLuminance, meetsContrast, parseColor, MIN_CONTRAST } from './contrast.ts';
export { safeUrl, safeColor, safeLength } from './safe.ts';
