import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import type { WorkSignals } from '../jobs/signals.ts';
import type { Role, Store, User } from '../db/schema.ts';
import type { ApiScope } from '../domain/schemas/api-scopes.ts';
import type { Permission } from '../domain/schemas/permissions.ts';

/**
 * Who may call a route: `none` (public) or `store` (signed in on a store through the three
 * tokens; the default under /api and /data).
 */
export type AuthMode = 'none' | 'store';

export interface RegisteredRoute {
  method: string;
  url: string;
  auth: AuthMode;
  /** the zod schemas of the body, the query string and the path params, when the route declares them */
  bodySchema: unknown;
  querystringSchema: unknown;
  paramsSchema: unknown;
  /** the scope an API client token needs here; without it client tokens are refused */
  apiScope: ApiScope | undefined;
  /** what a signed-in user's role must grant here (every `store` route declares one) */
  permission: Permission | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    clock: Clock;
    config: Config;
    /** every route as registered, for the tenancy and fuzz suites */
    registeredRoutes: RegisteredRoute[];
    /** how routes tell this process's workers there is new work (server/workers.ts listens) */
    work: WorkSignals;
    // `mailer` is declared by the emails module beside its Mailer (server/modules/emails/mailer.ts)
  }
  interface FastifyRequest {
    /** set by the auth hook on every authenticated route; a handler touches only this store's rows */
    store: Store;
    user: User;
    role: Role;
    sessionId: number;
    /**
     * The API client whose bearer token authenticated the request (then `user` is unset: only
     * routes declaring `apiScope` accept client tokens, and they never read the user), or null.
     */
    apiClientId: number | null;
  }
  interface FastifyContextConfig {
    auth?: AuthMode;
    /** the 413 message of a route with its own body limit */
    tooLargeMessage?: string;
    /** read routes an API client may call with this scope (OAuth client credentials, /oauth/token) */
    apiScope?: ApiScope;
    /**
     * The permission a signed-in user's role needs here (server/domain/schemas/permissions.ts).
     * Every authenticated route declares one: the app refuses to start otherwise.
     */
    permission?: Permission;
  }
}

/** The Fastify instance route modules receive: zod schemas type the handlers. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** One route module: registers its routes on the app under the given prefix. */
export interface RouteModule {
  prefix: string;
  register: (app: App) => void | Promise<void>;
}
