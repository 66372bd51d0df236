/** Receipts shoppers upload and their review: the storefront module's contract. */
export * from '../modules/storefront/contract/receipts.ts';
