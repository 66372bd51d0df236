export { checkUrlShape, refusedAddress, resolveSafeAddress, UnsafeUrlError, type AddressPolicy } from './address.ts';
export { deliverDue, MAX_ATTEMPTS, OUTGOING_DELIVERY_JOB, outgoingDeliveryJob, retryDelayMs, type Sender } from './deliver.ts';
export { createEndpoint, EndpointError, listDeliveries, listEndpoints, removeEndpoint, type DeliveryListQuery } from './endpoints.ts';
export { ledgerTopic, queueAllEvents, queueEndpointEvents } from './events.ts';
export { sendEvent, signatureHeader } from './send.ts';
export type { DeliveryStatus, WebhookDelivery, WebhookEndpoint } from './tables.ts';
export { OUTGOING_TOPICS, TOPIC_DESCRIPTIONS, endpointBody, type EndpointBody, type OutgoingTopic } from '../schemas/outgoing-webhooks.ts';
