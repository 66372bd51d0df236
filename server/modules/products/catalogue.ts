import { sql } from 'kysely';
import { json } from '../../db/normalize.ts';
import type { Executor } from '../../domain/ledger/index.ts';
import { fetchPage, type PageWindow } from '../../domain/paging.ts';
import type { NormalizedProduct } from './normalize.ts';

export type ProductSource = 'import' | 'webhook' | 'seed';

const byId = <T>(items: T[], key: (item: T) => string): T[] => [...new Map(items.map((item) => [key(item), item])).values()];

/** Which of the ids a write may not bring back: for a webhook, the products the platform deleted; an import or the seed clears them. */
async function deletedProducts(db: Executor, storeId: number, ids: string[], source: ProductSource): Promise<Set<string>> {
  if (source !== 'webhook') {
    await db.deleteFrom('product_deletions').where('store_id', '=', storeId).where('external_id', 'in', ids).execute();
    return new Set();
  }
  const rows = await db.selectFrom('product_deletions').select('external_id').where('store_id', '=', storeId).where('external_id', 'in', ids).execute();
  return new Set(rows.map((row) => row.external_id));
}

/**
 * Upserts products, their variants and their collections (multi-row; the last of one id wins).
 * Variants are added or updated, never dropped: a CSV lists a product's variants row by row.
 * `replaceVariants` (platform webhooks, which send the whole product) drops the others.
 * `keepCollections` (Shopify product webhooks, which do not list collections) leaves a known
 * product's collections as they are.
 * Webhooks arrive in any order: a version older than the one held
 * (`platform_updated_at`) changes nothing, nor does a webhook of a product the platform deleted;
 * an import or the seed always applies and brings a deleted product back.
 */
export async function upsertProducts(
  db: Executor,
  storeId: number,
  products: NormalizedProduct[],
  source: ProductSource,
  now: Date,
  replaceVariants = false,
  keepCollections = false,
): Promise<void> {
  const candidates = byId(products, (product) => product.externalId);
  if (candidates.length === 0) return;
  const deleted = await deletedProducts(
    db,
    storeId,
    candidates.map((product) => product.externalId),
    source,
  );
  const unique = candidates.filter((product) => !deleted.has(product.externalId));
  if (unique.length === 0) return;
  const applied = await db
    .insertInto('products')
    .values(
      unique.map((product) => ({
        store_id: storeId,
        external_id: product.externalId,
        platform: product.platform,
        title: product.title,
        handle: product.handle,
        vendor: product.vendor,
        product_type: product.productType,
        status: product.status,
        price_minor: product.priceMinor,
        image_url: product.imageUrl,
        tags: json(product.tags),
        collection_ids: json(product.collections.map((collection) => collection.id)),
        source,
        platform_updated_at: product.updatedAt,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['store_id', 'external_id'])
        .doUpdateSet((eb) => ({
          platform: eb.ref('excluded.platform'),
          title: eb.ref('excluded.title'),
          handle: eb.ref('excluded.handle'),
          vendor: eb.ref('excluded.vendor'),
          product_type: eb.ref('excluded.product_type'),
          status: eb.ref('excluded.status'),
          price_minor: eb.ref('excluded.price_minor'),
          image_url: eb.ref('excluded.image_url'),
          tags: eb.ref('excluded.tags'),
          collection_ids: keepCollections ? eb.ref('products.collection_ids') : eb.ref('excluded.collection_ids'),
          source: eb.ref('excluded.source'),
          // an import keeps the platform version it overwrote, so an older webhook still cannot
          platform_updated_at: sql<Date | null>`coalesce(excluded.platform_updated_at, products.platform_updated_at)`,
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where(
          sql<boolean>`products.platform_updated_at is null or excluded.platform_updated_at is null
            or excluded.platform_updated_at >= products.platform_updated_at`,
        ),
    )
    .returning('external_id')
    .execute();
  // only the products written: a stale version leaves their variants and collections too
  const written = new Set(applied.map((row) => row.external_id));
  const current = products.filter((product) => written.has(product.externalId));
  if (replaceVariants) {
    for (const product of unique.filter((each) => written.has(each.externalId))) {
      const keep = product.variants.map((variant) => variant.id);
      let remove = db.deleteFrom('product_variants').where('store_id', '=', storeId).where('product_external_id', '=', product.externalId);
      if (keep.length) remove = remove.where('external_id', 'not in', keep);
      await remove.execute();
    }
  }
  const variants = byId(
    current.flatMap((product) => product.variants.map((variant) => ({ ...variant, productId: product.externalId }))),
    (variant) => variant.id,
  );
  if (variants.length)
    await db
      .insertInto('product_variants')
      .values(
        variants.map((variant) => ({
          store_id: storeId,
          external_id: variant.id,
          product_external_id: variant.productId,
          title: variant.title,
          sku: variant.sku,
          price_minor: variant.priceMinor,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['store_id', 'external_id']).doUpdateSet((eb) => ({
          product_external_id: eb.ref('excluded.product_external_id'),
          title: eb.ref('excluded.title'),
          sku: eb.ref('excluded.sku'),
          price_minor: eb.ref('excluded.price_minor'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  const collections = byId(
    current.flatMap((product) => product.collections),
    (collection) => collection.id,
  );
  if (collections.length)
    await db
      .insertInto('collections')
      .values(collections.map((collection) => ({ store_id: storeId, external_id: collection.id, title: collection.title, created_at: now, updated_at: now })))
      // a title given only as the id does not overwrite a real one
      .onConflict((oc) =>
        oc.columns(['store_id', 'external_id']).doUpdateSet((eb) => ({
          title: sql<string>`case when ${eb.ref('excluded.title')} = ${eb.ref('excluded.external_id')} then ${eb.ref('collections.title')} else ${eb.ref('excluded.title')} end`,
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
}

/**
 * A product deleted on the platform leaves the catalogue (rules that name it keep the id), and is
 * remembered as deleted so a late webhook of it does not bring it back.
 */
export async function deleteProduct(db: Executor, storeId: number, externalId: string, now: Date): Promise<void> {
  await db
    .insertInto('product_deletions')
    .values({ store_id: storeId, external_id: externalId, deleted_at: now })
    .onConflict((oc) => oc.columns(['store_id', 'external_id']).doNothing())
    .execute();
  await db.deleteFrom('product_variants').where('store_id', '=', storeId).where('product_external_id', '=', externalId).execute();
  await db.deleteFrom('products').where('store_id', '=', storeId).where('external_id', '=', externalId).execute();
}

const pattern = (search: string | undefined) => (search ? `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined);

export async function listProducts(db: Executor, storeId: number, search: string | undefined, window: PageWindow) {
  const like = pattern(search);
  let base = db.selectFrom('products').where('store_id', '=', storeId);
  if (like) base = base.where((eb) => eb.or([eb(eb.fn('lower', ['title']), 'like', like), eb('external_id', '=', search!.trim())]));
  return fetchPage(base, (query) => query.selectAll().orderBy('title').orderBy('id'), window);
}

export async function listCollections(db: Executor, storeId: number, search: string | undefined, window: PageWindow) {
  const like = pattern(search);
  let base = db.selectFrom('collections').where('store_id', '=', storeId);
  if (like) base = base.where((eb) => eb.or([eb(eb.fn('lower', ['title']), 'like', like), eb('external_id', '=', search!.trim())]));
  return fetchPage(base, (query) => query.select(['external_id', 'title']).orderBy('title').orderBy('id'), window);
}

export async function listVariants(db: Executor, storeId: number, filter: { search?: string; productIds?: string[] }, window: PageWindow) {
  const like = pattern(filter.search);
  let base = db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', (join) => join.onRef('p.store_id', '=', 'v.store_id').onRef('p.external_id', '=', 'v.product_external_id'))
    .where('v.store_id', '=', storeId);
  if (filter.productIds?.length) base = base.where('v.product_external_id', 'in', filter.productIds);
  if (like)
    base = base.where((eb) =>
      eb.or([eb(eb.fn('lower', ['p.title']), 'like', like), eb(eb.fn('lower', ['v.title']), 'like', like), eb(eb.fn('lower', ['v.sku']), 'like', like)]),
    );
  return fetchPage(
    base,
    (query) =>
      query
        .select(['v.external_id', 'v.product_external_id', 'v.title', 'v.sku', 'v.price_minor', 'p.title as product_title'])
        .orderBy('p.title')
        .orderBy('v.id'),
    window,
  );
}

/** The store's product tags with how many products carry each, by name. */
export async function listProductTags(db: Executor, storeId: number, search: string | undefined, window: PageWindow) {
  const like = pattern(search);
  const tags = db
    .selectFrom('products')
    .select(sql<string>`jsonb_array_elements_text(tags)`.as('tag'))
    .where('store_id', '=', storeId)
    .as('t');
  let base = db.selectFrom(tags).groupBy('t.tag');
  if (like) base = base.where(sql<string>`lower(t.tag)`, 'like', like);
  const [rows, total] = await Promise.all([
    base
      .select(['t.tag', (eb) => eb.fn.countAll<number>().as('products')])
      .orderBy('t.tag')
      .limit(window.perPage)
      .offset((window.page - 1) * window.perPage)
      .execute(),
    db
      .selectFrom(base.select('t.tag').as('g'))
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((row) => ({ tag: row.tag, products: Number(row.products) })), total: Number(total.total) };
}

/** What rules may name from the catalogue. */
export interface CatalogueRefs {
  products?: string[];
  collections?: string[];
  tags?: string[];
  variants?: string[];
}

/** The ids of `refs` the store's catalogue does not hold, per kind (empty kinds left out). */
export async function unknownCatalogueIds(db: Executor, storeId: number, refs: CatalogueRefs): Promise<CatalogueRefs> {
  const missing: CatalogueRefs = {};
  const check = async (kind: keyof CatalogueRefs, found: (ids: string[]) => Promise<string[]>) => {
    const ids = [...new Set(refs[kind] ?? [])];
    if (ids.length === 0) return;
    const known = new Set(await found(ids));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) missing[kind] = unknown;
  };
  await check('products', async (ids) =>
    (await db.selectFrom('products').select('external_id').where('store_id', '=', storeId).where('external_id', 'in', ids).execute()).map(
      (row) => row.external_id,
    ),
  );
  await check('collections', async (ids) =>
    (await db.selectFrom('collections').select('external_id').where('store_id', '=', storeId).where('external_id', 'in', ids).execute()).map(
      (row) => row.external_id,
    ),
  );
  await check('variants', async (ids) =>
    (await db.selectFrom('product_variants').select('external_id').where('store_id', '=', storeId).where('external_id', 'in', ids).execute()).map(
      (row) => row.external_id,
    ),
  );
  await check('tags', async (ids) => {
    const { rows } = await sql<{
      tag: string;
    }>`select distinct tag from products, jsonb_array_elements_text(tags) as tag where store_id = ${storeId} and tag in (${sql.join(ids)})`.execute(db);
    return rows.map((row) => row.tag);
  });
  return missing;
}

/** Catalogue facts order lines are matched on: each product's collections and tags. */
export async function productFacts(db: Executor, storeId: number, productIds: string[]): Promise<Map<string, { collectionIds: string[]; tags: string[] }>> {
  const ids = [...new Set(productIds.filter(Boolean))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('products')
    .select(['external_id', 'collection_ids', 'tags'])
    .where('store_id', '=', storeId)
    .where('external_id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.external_id, { collectionIds: row.collection_ids, tags: row.tags }]));
}
