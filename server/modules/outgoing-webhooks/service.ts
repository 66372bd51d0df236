/** Outgoing webhooks: the merchant's endpoints, the program's events queued for them, their signed delivery with retries, and the address checks (SSRF). */
export { checkUrlShape, refusedAddress, resolveSafeAddress, UnsafeUrlError, type AddressPolicy } from './address.ts';
export { deliverDue, MAX_ATTEMPTS, OUTGOING_DELIVERY_JOB, outgoingDeliveryJob, retryDelayMs, type Sender } from './deliver.ts';
export { createEndpoint, EndpointError, listDeliveries, listEndpoints, removeEndpoint, type DeliveryListQuery } from './endpoints.ts';
export { ledgerTopic, queueAllEvents, queueEndpointEvents } from './events.ts';
export { sendEvent, signatureHeader } from './send.ts';
export type { DeliveryStatus, WebhookDelivery, WebhookEndpoint } from './tables.ts';
export { OUTGOING_TOPICS, TOPIC_DESCRIPTIONS, endpointBody, type EndpointBody, type OutgoingTopic } from './contract.ts';
