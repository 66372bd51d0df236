/** The console's search (its customers and menus): the customers module's contract. */
export * from '../modules/customers/contract/search.ts';
