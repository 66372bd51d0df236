/** Outgoing webhooks: the merchant's endpoints and the delivery log, the outgoing-webhooks module's contract. */
export * from '../modules/outgoing-webhooks/contract.ts';
