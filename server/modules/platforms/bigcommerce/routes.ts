/**
 * The single-click app's callbacks (https://developer.bigcommerce.com/docs/integrations/apps/guide/callbacks),
 * under `/platforms/bigcommerce`:
 * - `GET /auth?code&scope&context`: the code is exchanged for the store's token; the store is
 *   created (with the default program) or reconnected, the installing user is its owner, and the
 *   merchant lands signed in on the console (onboarding for a new store, else the dashboard)
 * - `GET /load?signed_payload_jwt`: an installed store opened from the control panel: signed in
 * - `GET /uninstall?signed_payload_jwt`: the token is erased at once, the platform work still
 *   waiting is cancelled, the storefront embed stops; the store and its program stay for a reinstall
 * - `GET /remove_user?signed_payload_jwt`: the user loses access to the store
 * A JWT not signed with the client secret, or expired, is refused with 401 and changes nothing.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import { enqueueJob } from '../../../domain/jobs/index.ts';
import type { App, RouteModule } from '../../../http/context.ts';
import { ApiError, notFound } from '../../../http/errors.ts';
import { markUninstalled, storeOfShop } from '../connections.ts';
import { addMember, installStore, providerSignIn, removeMember, userIdOfEmail } from '../install.ts';
import { cancelPlatformWork } from '../jobs.ts';
import {
  exchangeCode,
  InstallRefused,
  InvalidBigCommerceJwt,
  LoginServiceUnavailable,
  verifySignedPayload,
  type BigCommerceApp,
  type SignedPayload,
} from './oauth.ts';
import { BIGCOMMERCE_BACKFILL_JOB } from './backfill.ts';
import { BIGCOMMERCE_SETUP_JOB, placeholderTitle } from './setup.ts';

const authQuery = z.object({
  code: z.string().min(1).max(500),
  scope: z.string().max(2000).default(''),
  context: z.string().regex(/^stores\/[A-Za-z0-9]+$/, 'Expected stores/{store hash}.'),
  account_uuid: z.string().max(100).optional(),
});
const signedQuery = z.object({ signed_payload_jwt: z.string().min(1).max(10_000) });

const notConfigured = () =>
  new ApiError(404, 'BigCommerce is not configured on this server (BIGCOMMERCE_CLIENT_ID, BIGCOMMERCE_CLIENT_SECRET).', 'not_configured');
const invalidPayload = () => new ApiError(401, new InvalidBigCommerceJwt().message, 'invalid_signed_payload');

const appOf = (config: Config): BigCommerceApp => {
  if (!config.platforms.bigcommerce) throw notConfigured();
  return config.platforms.bigcommerce;
};

async function verify(config: Config, jwt: string): Promise<SignedPayload> {
  try {
    return await verifySignedPayload(appOf(config), jwt);
  } catch (error) {
    if (error instanceof InvalidBigCommerceJwt) throw invalidPayload();
    throw error;
  }
}

/**
 * Lands the merchant on the console, signed in by the provider's session. BigCommerce opens the
 * app in an iframe of its control panel, another site: behind HTTPS the session's cookie is
 * `SameSite=None; Secure; Partitioned` (CHIPS: kept for the control panel's frame only), else the
 * browser would neither keep it nor send it there; the session remembers it, so signing out clears
 * that cookie. Over plain HTTP (a developer's machine) no browser accepts `SameSite=None` without
 * `Secure`: the cookie stays `Lax` and the console works when opened on its own address, not
 * inside the control panel.
 */
async function signedIn(app: App, reply: FastifyReply, userId: number, now: Date) {
  const signIn = await providerSignIn(app.db, userId, now, app.config.sessionTtlMs, app.config.behindHttps);
  return reply.setCookie(signIn.cookie.name, signIn.cookie.value, signIn.cookie.options).header('cache-control', 'no-store').redirect(signIn.location, 303);
}

export const bigcommerceRoutes: RouteModule = {
  prefix: '/platforms/bigcommerce',
  register(app) {
    const route = { config: { auth: 'none' as const } };
    const redirectUri = `${app.config.publicUrl}/platforms/bigcommerce/auth`;

    app.get(
      '/auth',
      {
        ...route,
        schema: { tags: ['platforms'], summary: 'BigCommerce install (auth callback): connects the store, signs the merchant in', querystring: authQuery },
      },
      async (request, reply) => {
        const bigcommerce = appOf(app.config);
        const grant = await exchangeCode(bigcommerce, request.query, redirectUri).catch((error: unknown) => {
          if (error instanceof InstallRefused) throw new ApiError(401, error.message, 'install_refused');
          if (error instanceof LoginServiceUnavailable) throw new ApiError(502, `${error.message} Try the install again in a moment.`, 'platform_unavailable');
          throw error;
        });
        const now = app.clock.now();
        const installed = await installStore(app.db, app.config.platforms.tokenKeys, {
          platform: 'bigcommerce',
          shop: grant.storeHash,
          title: placeholderTitle(grant.storeHash),
          domain: null,
          token: grant.accessToken,
          scopes: grant.scope,
          owner: { email: grant.user.email, name: grant.user.username },
          now,
          afterInstall: async (trx, storeId) => {
            // hooks, the loader and the store's name: platform calls, done by a job
            await enqueueJob(trx, { kind: BIGCOMMERCE_SETUP_JOB, storeId }, now);
            // the customers and the last 12 months of orders, page by page (resumable, with progress)
            const since = new Date(now.getTime() - 365 * 86_400_000).toISOString();
            await enqueueJob(trx, { kind: BIGCOMMERCE_BACKFILL_JOB, storeId, payload: { since } }, now);
          },
        });
        app.work.jobsQueued.raise();
        return signedIn(app, reply, installed.userId, now);
      },
    );

    app.get(
      '/load',
      { ...route, schema: { tags: ['platforms'], summary: 'BigCommerce load callback: signs the user in on the store', querystring: signedQuery } },
      async (request, reply) => {
        const payload = await verify(app.config, request.query.signed_payload_jwt);
        const installed = await storeOfShop(app.db, 'bigcommerce', payload.storeHash);
        if (!installed || installed.status === 'uninstalled') throw notFound('Installed store');
        const userId = await userIdOfEmail(app.db, payload.user.email);
        if (userId === null) throw new ApiError(403, 'This BigCommerce user has no access to the loyalty program yet: ask the store owner.', 'no_access');
        // the store owner, or a user the owner let use the app (BigCommerce's multiple users)
        await addMember(app.db, installed.storeId, userId, payload.owner && payload.owner.id === payload.user.id ? 'owner' : 'admin');
        return signedIn(app, reply, userId, app.clock.now());
      },
    );

    app.get(
      '/uninstall',
      { ...route, schema: { tags: ['platforms'], summary: 'BigCommerce uninstall callback: the token is erased, the program kept', querystring: signedQuery } },
      async (request) => {
        const payload = await verify(app.config, request.query.signed_payload_jwt);
        const installed = await storeOfShop(app.db, 'bigcommerce', payload.storeHash);
        if (!installed) return { data: { uninstalled: false } };
        const now = app.clock.now();
        await app.db.transaction().execute(async (trx) => {
          await markUninstalled(trx, installed.storeId, now);
          await cancelPlatformWork(trx, installed.storeId, now);
        });
        return { data: { uninstalled: true } };
      },
    );

    app.get(
      '/remove_user',
      { ...route, schema: { tags: ['platforms'], summary: 'BigCommerce remove-user callback: the user loses access to the store', querystring: signedQuery } },
      async (request) => {
        const payload = await verify(app.config, request.query.signed_payload_jwt);
        const installed = await storeOfShop(app.db, 'bigcommerce', payload.storeHash);
        const userId = await userIdOfEmail(app.db, payload.user.email);
        if (!installed || userId === null) return { data: { removed: false } };
        // the store's owner stays (BigCommerce removes users, never the owner); their console sessions on it end now
        return { data: { removed: await removeMember(app.db, installed.storeId, userId, app.clock.now()) } };
      },
    );
  },
};
