import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { existsSync } from 'node:fs';
import type { Config } from '../config.ts';
import { systemClock, type Clock } from '../clock.ts';
import type { Db } from '../db/connection.ts';
import { SCOPE_DESCRIPTIONS } from '../domain/schemas/api-scopes.ts';
import { ROLES, can } from '../domain/schemas/permissions.ts';
import { defaultAuthMode, registerAuthHook } from './auth-hook.ts';
import type { App } from './context.ts';
import { errorHandler } from './errors.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';
import { logRequest } from './request-log.ts';
import { ROUTE_MODULES } from './routes/index.ts';
import { BIGCOMMERCE_CONTROL_PANELS, registerSecurityHeaders } from './security.ts';
import { validatorCompiler } from './validation.ts';
import { erasePlatformCustomers, upsertPlatformCustomers } from '../modules/customers/index.ts';
import { smtpMailer } from '../modules/emails/index.ts';
import { refreshWebhookSecret, registerPlatformHooks } from '../modules/platforms/index.ts';
import { onSecretRotated } from '../modules/stores/index.ts';
import { createDefaultProgram } from '../modules/rules/index.ts';
import { applyOrderEvents, resolveCustomers } from '../modules/orders/index.ts';
import { WorkSignals } from '../jobs/signals.ts';

const CONSOLE_SECURITY = [{ bearer: [], storeAccessToken: [], userAccessToken: [] }];

export interface AppOptions {
  config: Config;
  db: Db;
  clock?: Clock;
  /** pino log level; defaults to LOG_LEVEL or warn */
  logLevel?: string;
  /** where the log lines go, one JSON line per write (pino's destination); defaults to stdout. Tests read what the app logs through it. */
  logDestination?: { write(line: string): void };
}

/** Builds the one HTTP app that serves the console, the API and the storefront embed. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  // what the platforms ask of the modules above them: a new store's program, a backfill's customers and orders, a privacy request's erasure, a shopper's customer
  registerPlatformHooks({
    storeCreated: createDefaultProgram,
    upsertCustomers: upsertPlatformCustomers,
    eraseCustomers: erasePlatformCustomers,
    applyOrders: applyOrderEvents,
    resolveCustomers,
  });
  // a new HMAC secret: the platform webhooks that carry it are given the new one
  onSecretRotated(refreshWebhookSecret);
  const app = Fastify({
    logger: {
      level: options.logLevel ?? process.env.LOG_LEVEL ?? 'warn',
      serializers: { req: logRequest },
      ...(options.logDestination ? { stream: options.logDestination } : {}),
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: false,
  });
  app.decorate('db', db);
  app.decorate('clock', options.clock ?? systemClock);
  app.decorate('config', config);
  app.decorate('registeredRoutes', []);
  app.decorate('work', new WorkSignals());
  const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.emailFrom) : undefined;
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer?.close());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler(config.bodyLimitBytes));
  // the API speaks JSON (and the sign-in form its urlencoded body): plain text is refused with 415
  app.removeContentTypeParser('text/plain');

  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, auth: route.config?.auth ?? defaultAuthMode(route.url) };
    const { apiScope, permission } = route.config;
    if (route.config.auth === 'store' && !permission) {
      throw new Error(
        `${[route.method].flat().join(',')} ${route.url} declares no config.permission: every authenticated route names the permission it needs.`,
      );
    }
    if (permission && route.schema) {
      const note = `Permission: \`${permission}\` (${ROLES.filter((role) => can(role, permission)).join(', ')}).`;
      route.schema = { ...route.schema, description: route.schema.description ? `${route.schema.description}\n\n${note}` : note };
    }
    if (apiScope && route.schema) route.schema = { ...route.schema, security: [...CONSOLE_SECURITY, { apiClient: [apiScope] }] };
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        app.registeredRoutes.push({
          method,
          url: route.url,
          auth: route.config.auth ?? 'none',
          bodySchema: route.schema?.body,
          querystringSchema: route.schema?.querystring,
          paramsSchema: route.schema?.params,
          apiScope,
          permission,
        });
      }
    }
  });

  await registerSecurityHeaders(app, { behindHttps: config.behindHttps, framedBy: config.platforms.bigcommerce ? BIGCOMMERCE_CONTROL_PANELS : [] });
  await app.register(fastifyCookie);
  // counted in the database: every server process shares one count per route and address
  await app.register(fastifyRateLimit, { global: false, store: databaseRateLimitStore(db, app.clock) });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Loyalty Studio API', version: '1.0.0', description: 'Console API (/api/v1) and data host API (/data/v1).' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          storeAccessToken: { type: 'apiKey', in: 'header', name: 'X-Store-Access-Token' },
          userAccessToken: { type: 'apiKey', in: 'header', name: 'X-User-Access-Token' },
          apiClient: {
            type: 'oauth2',
            description:
              'API clients (Integrations → Custom App) obtain a bearer token at POST /oauth/token; it is accepted on the routes listing this scheme.',
            flows: { clientCredentials: { tokenUrl: '/oauth/token', scopes: SCOPE_DESCRIPTIONS } },
          },
        },
      },
      security: CONSOLE_SECURITY,
    },
    transform: jsonSchemaTransform,
  });
  // a filter by tag: the reference holds every route, and Swagger UI draws only those near the viewport
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { filter: true } });
  registerAuthHook(app);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  for (const module of ROUTE_MODULES) {
    await app.register(async (scope) => module.register(scope as unknown as App), { prefix: module.prefix });
  }

  if (existsSync(config.consoleDir)) {
    await app.register(fastifyStatic, { root: config.consoleDir, wildcard: false, index: false });
  }
  // The console is a single-page app: every other GET of a page answers with its entry.
  const hasConsole = existsSync(config.consoleDir);
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !/^\/(api|data|auth|storefront|webhooks|landing|embed)(\/|$)/.test(request.url);
    if (isPage && hasConsole) return reply.type('text/html').sendFile('index.html');
    return reply.code(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found.`, errors: {}, code: 'not_found' });
  });
  return app;
}
