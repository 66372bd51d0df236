/** Points adjustments on a customer's page (adjust, set, pending): the customers module's contract. */
export * from '../modules/customers/contract/customer-points.ts';
