export { formatPoints } from './points.ts';
export { fillPlaceholders } from './placeholders.ts';
export { contrastRatio, meetsContrast } from './contrast.ts';
export { safeUrl, safeColor, safeLength } from './safe.ts';
export { formatMoney, formatTierAmount } from './tier.ts';
