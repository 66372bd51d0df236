/**
 * Custom App (spec §7 "Apps and integrations"): the store's OAuth 2.0 client-credentials API
 * clients — `POST /oauth/clients` (the secret answered once), `PATCH /oauth/clients/{id}`,
 * `GET /oauth/clients?search&page&per_page`, `DELETE /oauth/clients/{id}` (its tokens end at once).
 */
import { apiClientCreateBody, apiClientCreated, apiClientListQuery, apiClientPage, apiClientRecord, apiClientUpdateBody } from './contract.ts';
import { dataEnvelope, idParams } from '../../contract/common.ts';
import { createApiClient, listApiClients, revokeApiClient, updateApiClient, type ApiClient } from './service.ts';
import type { RouteModule } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';

const presentClient = (client: ApiClient) => ({
  id: client.id,
  name: client.name,
  client_id: client.client_id,
  scopes: client.scopes,
  created_at: client.created_at.toISOString(),
  last_used_at: client.last_used_at?.toISOString() ?? null,
});

export const apiClientRoutes: RouteModule = {
  prefix: '/api/v1',
  register(app) {
    app.post(
      '/oauth/clients',
      {
        config: { permission: 'store:settings' },
        schema: {
          tags: ['api clients'],
          summary: 'Create an API client; the answer holds its secret, shown this once',
          body: apiClientCreateBody,
          response: { 201: dataEnvelope(apiClientCreated) },
        },
      },
      async (request, reply) => {
        const { client, secret } = await createApiClient(app.db, request.store.id, request.body, app.clock.now());
        return reply.code(201).send({ data: { ...presentClient(client), client_secret: secret } });
      },
    );

    app.get(
      '/oauth/clients',
      {
        config: { permission: 'store:settings' },
        schema: {
          tags: ['api clients'],
          summary: 'The live API clients, newest first',
          querystring: apiClientListQuery,
          response: { 200: dataEnvelope(apiClientPage) },
        },
      },
      async (request) => {
        const { search, page, per_page: perPage } = request.query;
        const { rows, total } = await listApiClients(app.db, request.store.id, { search, page, perPage });
        return { data: { data: rows.map(presentClient), total, page, per_page: perPage } };
      },
    );

    app.patch(
      '/oauth/clients/:id',
      {
        config: { permission: 'store:settings' },
        schema: {
          tags: ['api clients'],
          summary: 'Rename an API client or change its scopes (its tokens lose removed scopes at once)',
          params: idParams,
          body: apiClientUpdateBody,
          response: { 200: dataEnvelope(apiClientRecord) },
        },
      },
      async (request) => {
        const client = await updateApiClient(app.db, request.store.id, request.params.id, request.body, app.clock.now());
        if (!client) throw notFound('API client');
        return { data: presentClient(client) };
      },
    );

    app.delete(
      '/oauth/clients/:id',
      {
        config: { permission: 'store:settings' },
        schema: { tags: ['api clients'], summary: 'Revoke an API client and its tokens, at once', params: idParams },
      },
      async (request, reply) => {
        if (!(await revokeApiClient(app.db, request.store.id, request.params.id, app.clock.now()))) throw notFound('API client');
        return reply.code(204).send();
      },
    );
  },
};
