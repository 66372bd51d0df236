/** The on-site display studio: its documents, drafts, versions and publishing: the storefront module's contract. */
export * from '../modules/storefront/contract/onsite-display.ts';
