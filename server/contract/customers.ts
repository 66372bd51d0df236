/** Customers: the list and its filters, profiles, tags, awards, imports and exports — the customers module's contract. */
export * from '../modules/customers/contract/customers.ts';
