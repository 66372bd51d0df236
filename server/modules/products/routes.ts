import { z } from 'zod';
import { dataEnvelope } from '../../contract/common.ts';
import { catalogueListQuery, collectionPage, productPage, productTagPage, variantListBody, variantPage } from './contract.ts';
import { listCollections, listProducts, listProductTags, listVariants } from './catalogue.ts';
import type { Product } from './tables.ts';
import type { RouteModule } from '../../http/context.ts';

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

/** Spec §7 data host: the product catalogue — lists for the rule pickers and product tags (the product import is the orders module's, beside the order import). */
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
  },
};
