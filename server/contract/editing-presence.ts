/** Who else edits a studio: the storefront module's contract. */
export * from '../modules/storefront/contract/editing-presence.ts';
