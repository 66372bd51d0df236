/**
 * OAuth 2.0 token endpoint (RFC 6749 §4.4, client credentials): `POST /oauth/token` with a
 * form or JSON body, or the client's credentials in HTTP Basic. Answers a short-lived bearer
 * token for the routes that declare an `apiScope`; errors follow RFC 6749 §5.2.
 */
import fastifyFormbody from '@fastify/formbody';
import type { FastifyReply } from 'fastify';
import { tokenAnswer, tokenRequestBody } from './contract.ts';
import { TokenRequestError, issueClientToken, parseScopeParameter } from './service.ts';
import type { RouteModule } from '../../http/context.ts';

const refuse = (reply: FastifyReply, status: number, error: string, description: string) =>
  reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });

/** `Authorization: Basic base64(client_id:client_secret)` (RFC 6749 §2.3.1), when sent. */
function basicCredentials(header: string | undefined): { clientId: string; secret: string } | undefined {
  const encoded = /^Basic\s+([A-Za-z0-9+/=]{1,600})$/i.exec(header ?? '')?.[1];
  if (!encoded) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? { clientId: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) } : undefined;
}

export const oauthTokenRoutes: RouteModule = {
  prefix: '/oauth',
  async register(app) {
    await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });
    app.post(
      '/token',
      {
        schema: {
          tags: ['api clients'],
          summary: 'Exchange an API client id and secret for a bearer token (client_credentials grant)',
          security: [],
          body: tokenRequestBody,
          response: { 200: tokenAnswer },
        },
        config: { auth: 'none', rateLimit: { max: 60, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const { grant_type: grantType, scope } = request.body;
        if (grantType !== 'client_credentials') return refuse(reply, 400, 'unsupported_grant_type', 'Only grant_type=client_credentials is supported.');
        let credentials: { clientId: string; secret: string } | undefined;
        try {
          credentials = basicCredentials(request.headers.authorization);
        } catch {
          credentials = undefined;
        }
        credentials ??=
          request.body.client_id && request.body.client_secret ? { clientId: request.body.client_id, secret: request.body.client_secret } : undefined;
        if (!credentials) return refuse(reply, 401, 'invalid_client', 'Send client_id and client_secret.');
        const scopes = scope === undefined ? undefined : parseScopeParameter(scope);
        if (scopes === null || scopes?.length === 0) return refuse(reply, 400, 'invalid_scope', 'Unknown scope.');
        try {
          const issued = await issueClientToken(app.db, { ...credentials, scopes }, app.clock.now(), app.config.apiTokenTtlMs);
          reply.header('cache-control', 'no-store');
          return { access_token: issued.accessToken, token_type: 'Bearer' as const, expires_in: issued.expiresIn, scope: issued.scopes.join(' ') };
        } catch (error) {
          if (!(error instanceof TokenRequestError)) throw error;
          return refuse(reply, error.error === 'invalid_client' ? 401 : 400, error.error, error.message);
        }
      },
    );
  },
};
