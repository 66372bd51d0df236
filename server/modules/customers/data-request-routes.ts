import { z } from 'zod';
import { dataEnvelope, idParams } from '../../contract/common.ts';
import { dataRequestListQuery, dataRequestRecord } from './contract/customers.ts';
import { customerDataFile } from './data-requests.ts';
import { dataRequestsOf } from '../platforms/index.ts';
import type { RouteModule } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';

/** Data host: the platforms' requests for a customer's data, and the file answering each (customer's page). */
export const customerDataRequestRoutes: RouteModule = {
  prefix: '/data/v1',
  register(app) {
    app.get(
      '/customer/data-requests',
      {
        config: { permission: 'customers:manage' },
        schema: {
          tags: ['customers'],
          summary: "The shop's requests for this customer's data (Shopify customers/data_request)",
          querystring: dataRequestListQuery,
          response: { 200: dataEnvelope(z.array(dataRequestRecord)) },
        },
      },
      async (request) => {
        const rows = await dataRequestsOf(app.db, request.store.id, request.query.customer_id);
        return { data: rows.map((row) => ({ ...row, requested_at: row.requested_at.toISOString() })) };
      },
    );

    const manage = { permission: 'customers:manage' as const };
    const fileSchema = { tags: ['customers'], summary: "The customer's data for a request: profile, ledger, rewards, referrals (JSON)", params: idParams };
    app.get('/customer/data-requests/:id/file', { config: manage, schema: fileSchema }, async (request, reply) => {
      const file = await customerDataFile(app.db, request.store.id, request.params.id);
      if (!file) throw notFound('Data request');
      return reply
        .header('content-disposition', `attachment; filename="customer-data-${request.params.id}.json"`)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(file, null, 2));
    });
  },
};
