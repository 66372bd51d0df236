export { AppSetupError, disconnectApp, integrateApp, listApps, type AppState, type AppStatus } from './catalogue.ts';
export { listWebhookEvents, retryFailedWebhooks, type EventListQuery, type EventStatus } from './events.ts';
export { readOrderStatusSettings, saveOrderStatusSettings } from './order-statuses.ts';
