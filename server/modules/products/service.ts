/** The catalogue: products, variants and collections by their platform ids — imported, seeded, kept by the platforms' product webhooks — and what rules and orders read of them. */
export {
  listCollections,
  listProducts,
  listProductTags,
  listVariants,
  productFacts,
  unknownCatalogueIds,
  upsertProducts,
  type CatalogueRefs,
} from './catalogue.ts';
export { applyProductItems, prepareProductImport, type ProductImportItem } from './import.ts';
export { normalizeProduct, type NormalizedProduct } from './normalize.ts';
export { seedCatalogue } from './seed.ts';
export type { Product } from './tables.ts';
export {
  applyBigCommerceProductWebhook,
  applyShopifyProductWebhook,
  fetchBigCommerceProduct,
  isBigCommerceProductScope,
  isShopifyProductTopic,
  SHOPIFY_PRODUCT_TOPICS,
} from './webhooks.ts';
