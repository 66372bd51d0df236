/** Receipts shoppers upload and their review: the customers module's contract. */
export * from '../modules/customers/contract/receipts.ts';
