/** The store's platform link and its status: the platforms module's contract. */
export * from '../modules/platforms/contract.ts';
