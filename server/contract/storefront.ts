/** The storefront's shopper calls: the store key, a shopper's signature, their language and actions: the storefront module's contract. */
export * from '../modules/storefront/contract/shopper.ts';
