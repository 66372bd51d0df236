/** Preview links of the on-site display's drafts: the storefront module's contract. */
export * from '../modules/storefront/contract/preview-links.ts';
