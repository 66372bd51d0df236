/** Earning rules, expiry, custom events and the impact preview: the rules module's contract. */
export * from '../modules/rules/contract/earning-rules.ts';
export { impactPreviewBody, type ImpactPreview, type ImpactPreviewBody } from '../modules/rules/contract/impact-preview.ts';
