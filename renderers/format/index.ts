export { agreeLabels, formatPoints, formatPointsAmount, keepsProductWord, pointsAmount, pointsLabelFor, singularLabel, type PointsWords } from './points.ts';
export { earnWayText, formatDiscount, formatEarnRate, memberRewardTitle, redeemWayText, referralOfferText, type ProgramWording } from './rules.ts';
export { fillPlaceholders } from './placeholders.ts';
export { contrastRatio, meetsContrast } from './contrast.ts';
export { safeUrl, safeColor, safeLength } from './safe.ts';
export { formatMoney, formatTierAmount } from './tier.ts';
