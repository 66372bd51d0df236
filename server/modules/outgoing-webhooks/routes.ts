/**
 * Outgoing webhooks (Integrations): the merchant's https endpoints that receive the
 * program's own events signed with the store's HMAC secret (`X-Loyalty-Signature: t=…,v1=…`),
 * and the delivery log. The job that queues and delivers runs beside the routes.
 */
import { z } from 'zod';
import { dataEnvelope, idParams } from '../../contract/common.ts';
import { deliveryListQuery, deliveryPage, endpointBody, endpointRecord } from './contract.ts';
import { createEndpoint, EndpointError, listDeliveries, listEndpoints, removeEndpoint } from './service.ts';
import type { RouteModule } from '../../http/context.ts';
import { ApiError, notFound } from '../../http/errors.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const outgoingWebhookRoutes: RouteModule = {
  prefix: '/api/v1',
  register(app) {
    const policy = { allowLoopback: app.config.outgoingWebhookAllowLoopback };

    app.get(
      '/outgoing-webhooks',
      {
        config: { permission: 'store:settings' },
        schema: {
          tags: ['outgoing webhooks'],
          summary: "The endpoints receiving the program's events, with their delivery counts",
          response: { 200: dataEnvelope(z.array(endpointRecord)) },
        },
      },
      async (request) => ({
        data: (await listEndpoints(app.db, request.store.id)).map((row) => ({
          ...row,
          created_at: row.created_at.toISOString(),
          last_delivered_at: iso(row.last_delivered_at),
        })),
      }),
    );

    app.post(
      '/outgoing-webhooks',
      {
        config: { permission: 'store:settings' },
        schema: {
          tags: ['outgoing webhooks'],
          summary: 'Add an https endpoint (public addresses only) for some program events; it receives events from now on',
          body: endpointBody,
          response: { 201: dataEnvelope(endpointRecord) },
        },
      },
      async (request, reply) => {
        const row = await createEndpoint(app.db, request.store, request.body, policy, app.clock.now()).catch((error: unknown) => {
          if (error instanceof EndpointError) throw new ApiError(422, error.message, 'validation_failed', { [error.field]: error.message });
          throw error;
        });
        const data = { ...row, created_at: row.created_at.toISOString(), deliveries: { delivered: 0, pending: 0, failed: 0 }, last_delivered_at: null };
        return reply.code(201).send({ data });
      },
    );

    app.delete(
      '/outgoing-webhooks/:id',
      {
        config: { permission: 'store:settings' },
        schema: { tags: ['outgoing webhooks'], summary: 'Remove an endpoint: nothing more is sent to it', params: idParams },
      },
      async (request, reply) => {
        if (!(await removeEndpoint(app.db, request.store.id, request.params.id, app.clock.now()))) throw notFound('Endpoint');
        return reply.code(204).send();
      },
    );

    app.get(
      '/outgoing-webhooks/deliveries',
      {
        config: { permission: 'store:settings' },
        schema: {
          tags: ['outgoing webhooks'],
          summary: 'The delivery log, newest first',
          querystring: deliveryListQuery,
          response: { 200: dataEnvelope(deliveryPage) },
        },
      },
      async (request) => {
        const { endpoint_id: endpointId, status, page, per_page: perPage } = request.query;
        const { rows, total } = await listDeliveries(app.db, request.store.id, { endpointId, status, page, perPage });
        const data = rows.map((row) => ({
          ...row,
          next_attempt_at: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
          created_at: row.created_at.toISOString(),
          delivered_at: iso(row.delivered_at),
        }));
        return { data: { data, total, page, per_page: perPage } };
      },
    );
  },
};
