import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate } from '../auth/sessions.ts';
import { unauthenticated } from './errors.ts';
import type { AuthMode } from './context.ts';

const API_PREFIX = /^\/(api|data)\/v\d+\//;

/** Routes under /api and /data need the three tokens unless they say `config: { auth: 'none' }`. */
export function defaultAuthMode(url: string): AuthMode {
  return API_PREFIX.test(url) ? 'store' : 'none';
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
};

/**
 * The one place that resolves user and store from the tokens, before the body is even read:
 * `Authorization: Bearer <token>`, `X-Store-Access-Token`, `X-User-Access-Token`.
 */
export function registerAuthHook(app: FastifyInstance): void {
  app.decorateRequest('store', null as never);
  app.decorateRequest('user', null as never);
  app.decorateRequest('role', null as never);
  app.decorateRequest('sessionId', 0);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const mode = request.routeOptions.config.auth ?? 'none';
    if (mode === 'none') return;
    const bearer = /^Bearer\s+(\S+)$/i.exec(header(request, 'authorization') ?? '')?.[1];
    const auth = await authenticate(
      app.db,
      {
        bearer,
        storeAccessToken: header(request, 'x-store-access-token'),
        userAccessToken: header(request, 'x-user-access-token'),
      },
      app.clock.now(),
    );
    if (!auth) throw unauthenticated();
    request.store = auth.store;
    request.user = auth.user;
    request.role = auth.role;
    request.sessionId = auth.sessionId;
  });
}
