/** Publish schedules of the on-site display: the storefront module's contract. */
export * from '../modules/storefront/contract/publish-schedules.ts';
