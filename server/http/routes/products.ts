import { z } from 'zod';
import { dataEnvelope, idParams } from '../../contract/common.ts';
import {
  catalogueListQuery,
  collectionPage,
  importRecord,
  productImportBody,
  productPage,
  productTagPage,
  variantListBody,
  variantPage,
} from '../../contract/products.ts';
import { createImport, findImport, listImports, parseCsv, presentImport, runImport } from '../../modules/orders/index.ts';
import { listCollections, listProducts, listProductTags, listVariants } from '../../domain/products/catalogue.ts';
import type { Product } from '../../domain/products/tables.ts';
import type { RouteModule } from '../context.ts';
import { notFound } from '../errors.ts';

const presentProduct = (product: Product) => ({
  id: product.external_id,
  platform: product.platform,
  title: product.title,
  handle: product.handle,
  vendor: product.vendor,
  product_type: product.product_type,
  status: product.status,
  price_minor: Number(product.price_minor),
  image_url: product.image_url,
  tags: product.tags,
  collection_ids: product.collection_ids,
  source: product.source,
  updated_at: product.updated_at.toISOString(),
});

const windowOf = (query: z.infer<typeof catalogueListQuery>) => ({ page: query.page, perPage: query.limit });

/** Spec §7 data host: the product catalogue — lists for the rule pickers, product tags, product import. */
export const productRoutes: RouteModule = {
  prefix: '/data/v1',
  register(app) {
    const tags = ['products'];
    app.post(
      '/list/products',
      {
        config: { permission: 'program:read' },
        schema: {
          tags,
          summary: 'The catalogue’s products by title (search: title or exact id)',
          querystring: catalogueListQuery,
          response: { 200: dataEnvelope(productPage) },
        },
      },
      async (request) => {
        const { rows, total } = await listProducts(app.db, request.store.id, request.query.search, windowOf(request.query));
        return { data: { data: rows.map(presentProduct), total, page: request.query.page, per_page: request.query.limit } };
      },
    );

    app.post(
      '/list/collections',
      {
        config: { permission: 'program:read' },
        schema: { tags, summary: 'The catalogue’s collections by title', querystring: catalogueListQuery, response: { 200: dataEnvelope(collectionPage) } },
      },
      async (request) => {
        const { rows, total } = await listCollections(app.db, request.store.id, request.query.search, windowOf(request.query));
        return {
          data: { data: rows.map((row) => ({ id: row.external_id, title: row.title })), total, page: request.query.page, per_page: request.query.limit },
        };
      },
    );

    const tagList = async (request: { store: { id: number }; query: z.infer<typeof catalogueListQuery> }) => {
      const { rows, total } = await listProductTags(app.db, request.store.id, request.query.search, windowOf(request.query));
      return { data: { data: rows, total, page: request.query.page, per_page: request.query.limit } };
    };
    app.post(
      '/list/product/tags',
      {
        config: { permission: 'program:read' },
        schema: { tags, summary: 'The product tags in use, by name', querystring: catalogueListQuery, response: { 200: dataEnvelope(productTagPage) } },
      },
      tagList,
    );
    app.post(
      '/tag/product',
      {
        config: { permission: 'program:read' },
        schema: {
          tags,
          summary: 'Product tags with how many products carry each, paged',
          querystring: catalogueListQuery,
          response: { 200: dataEnvelope(productTagPage) },
        },
      },
      tagList,
    );

    app.post(
      '/list/product/varaints',
      {
        config: { permission: 'program:read' },
        schema: {
          tags,
          summary: 'Product variants (spec spelling), by product title, variant title or SKU; optionally of some products',
          querystring: catalogueListQuery,
          body: variantListBody,
          response: { 200: dataEnvelope(variantPage) },
        },
      },
      async (request) => {
        const { rows, total } = await listVariants(
          app.db,
          request.store.id,
          { search: request.query.search, productIds: request.body?.product_ids },
          windowOf(request.query),
        );
        return {
          data: {
            data: rows.map((row) => ({
              id: row.external_id,
              product_id: row.product_external_id,
              product_title: row.product_title,
              title: row.title,
              sku: row.sku,
              price_minor: Number(row.price_minor),
            })),
            total,
            page: request.query.page,
            per_page: request.query.limit,
          },
        };
      },
    );

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
