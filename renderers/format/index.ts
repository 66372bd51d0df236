export { formatPoints } from './points.ts';
export { fillPlaceholders, placeholderValues, VISITOR_NAME } from './placeholders.ts';
export { contrastRatio, meetsContrast, parseColour, MIN_CONTRAST } from './contrast.ts';
export { safeUrl, safeColor, safeLength } from './safe.ts';
