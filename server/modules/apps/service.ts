/** Apps: the supported integrations with their connection state, and the webhook events received. */
export { AppSetupError, disconnectApp, integrateApp, listApps, type AppState, type AppStatus } from './catalogue.ts';
export { listWebhookEvents, retryFailedWebhooks, type EventListQuery, type EventStatus } from './events.ts';
