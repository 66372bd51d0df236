/**
 * The emails module: the program's nine emails (the simple form or a visual design, rendered with
 * MJML on the server, sanitised), the outbox the program's events queue them in, their delivery,
 * expiry reminders, unsubscribing, and the routes. Other modules import this file only; the console
 * reads `contract/` (zod only) through server/contract/templates.ts.
 */
export * from './service.ts';
export { emailOutboxRoutes, unsubscribeRoutes } from './outbox-routes.ts';
export { templateRoutes } from './template-routes.ts';
