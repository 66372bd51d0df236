import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate } from '../auth/sessions.ts';
import { authenticateClientToken, isClientToken } from '../modules/api-clients/index.ts';
import type { ApiScope } from '../domain/schemas/api-scopes.ts';
import { can, type Permission, type Role } from '../domain/schemas/permissions.ts';
import { ApiError, unauthenticated } from './errors.ts';
import type { AuthMode } from './context.ts';

const API_PREFIX = /^\/(api|data)\/v\d+\//;

/** Routes under /api and /data need the three tokens unless they say `config: { auth: 'none' }`. */
export function defaultAuthMode(url: string): AuthMode {
  return API_PREFIX.test(url) ? 'store' : 'none';
}

/** 403 naming the permission the role lacks. */
export const forbidden = (role: Role, permission: Permission) =>
  new ApiError(403, `Your role (${role}) does not have the ${permission} permission.`, 'forbidden');

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
};

/**
 * An API client's bearer token (`lsat_…` from POST /oauth/token): accepted only on routes that
 * declare `config.apiScope`, and only with that scope still granted to a live client.
 */
async function authenticateApiClient(app: FastifyInstance, request: FastifyRequest, token: string, scope: ApiScope | undefined): Promise<void> {
  if (!scope) throw new ApiError(403, 'API client tokens are not accepted on this route.', 'forbidden');
  const client = await authenticateClientToken(app.db, token, app.clock.now());
  if (!client) throw new ApiError(401, 'The access token is invalid, expired or revoked.', 'invalid_token');
  if (!client.scopes.includes(scope)) throw new ApiError(403, `The access token lacks the ${scope} scope.`, 'insufficient_scope');
  request.store = client.store;
  request.apiClientId = client.clientId;
}

/**
 * The one place that resolves user and store from the tokens, before the body is even read:
 * `Authorization: Bearer <token>`, `X-Store-Access-Token`, `X-User-Access-Token` — or an API
 * client's bearer token alone on the routes that declare a scope.
 */
export function registerAuthHook(app: FastifyInstance): void {
  app.decorateRequest('store', null as never);
  app.decorateRequest('user', null as never);
  app.decorateRequest('role', null as never);
  app.decorateRequest('sessionId', 0);
  app.decorateRequest('apiClientId', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const mode = request.routeOptions.config.auth ?? 'none';
    if (mode === 'none') return;
    const bearer = /^Bearer\s+(\S+)$/i.exec(header(request, 'authorization') ?? '')?.[1];
    if (bearer && isClientToken(bearer)) return authenticateApiClient(app, request, bearer, request.routeOptions.config.apiScope);
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
    const permission = request.routeOptions.config.permission;
    if (permission && !can(auth.role, permission)) throw forbidden(auth.role, permission);
  });
}
