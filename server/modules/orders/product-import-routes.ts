import { z } from 'zod';
import { dataEnvelope, idParams } from '../../contract/common.ts';
import { importRecord, productImportBody } from './contract.ts';
import { parseCsv } from './import.ts';
import { createImport, findImport, listImports, presentImport, runImport } from './import-jobs.ts';
import type { RouteModule } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';

/**
 * Data host product import (Product History): run by the same import jobs as the order import; up
 * to 200 products are imported within the request, a larger file in the background.
 */
export const productImportRoutes: RouteModule = {
  prefix: '/data/v1',
  register(app) {
    const tags = ['products'];
    app.post(
      '/product/import',
      {
        config: { permission: 'store:settings' },
        schema: {
          tags,
          summary: 'Import products from CSV or JSON (upserts: importing twice changes nothing)',
          description:
            'CSV columns: product_id, title, handle, vendor, product_type, status, price, image_url, tags ("a, b"), collection_ids ("a|b"), collection_titles, variant_id, variant_title, sku — one product, or one variant of it, per row. ' +
            'JSON: neutral rows with the same fields, Shopify products or BigCommerce products. Up to 200 products: imported within the request (200, status done); more: 202 with status queued, progress at GET /product/import/{id}.',
          body: productImportBody,
          response: { 200: dataEnvelope(importRecord), 202: dataEnvelope(importRecord) },
        },
      },
      async (request, reply) => {
        const rows = request.body.format === 'csv' ? parseCsv(request.body.csv ?? '') : (request.body.products ?? []);
        const { record, background } = await createImport(app.db, request.store.id, rows, app.clock.now(), 'products');
        if (!background) return { data: presentImport(await runImport(app.db, record, () => app.clock.now())) };
        app.work.jobsQueued.raise();
        return reply.code(202).send({ data: presentImport(record) });
      },
    );

    app.get(
      '/product/import/:id',
      {
        config: { permission: 'program:read' },
        schema: { tags, summary: 'The progress of a product import', params: idParams, response: { 200: dataEnvelope(importRecord) } },
      },
      async (request) => {
        const record = await findImport(app.db, request.store.id, request.params.id, 'products');
        if (!record) throw notFound('Import');
        return { data: presentImport(record) };
      },
    );

    app.get(
      '/product/imports',
      {
        config: { permission: 'program:read' },
        schema: { tags, summary: 'The newest product imports (Product History)', response: { 200: dataEnvelope(z.array(importRecord)) } },
      },
      async (request) => ({ data: (await listImports(app.db, request.store.id, 'products', 20)).map(presentImport) }),
    );
  },
};
