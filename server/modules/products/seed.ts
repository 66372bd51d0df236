import type { Executor } from '../../domain/ledger/index.ts';
import { upsertProducts } from './catalogue.ts';
import type { NormalizedProduct } from './normalize.ts';

const product = (
  id: string,
  title: string,
  priceMinor: number,
  tags: string[],
  collections: Array<[string, string]>,
  variants: Array<[string, string]> = [],
): NormalizedProduct => ({
  externalId: id,
  platform: 'custom',
  title,
  handle: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  vendor: 'Demo Roasters',
  productType: collections[0]?.[1] ?? '',
  status: 'active',
  priceMinor,
  imageUrl: null,
  tags,
  collections: collections.map(([collectionId, collectionTitle]) => ({ id: collectionId, title: collectionTitle })),
  variants: variants.map(([variantId, variantTitle]) => ({ id: variantId, title: variantTitle, sku: variantId.toUpperCase(), priceMinor })),
  updatedAt: null,
});

const COFFEE: [string, string] = ['demo-coffee', 'Coffee'];
const GEAR: [string, string] = ['demo-gear', 'Brewing gear'];
const CARDS: [string, string] = ['demo-gift-cards', 'Gift cards'];
const SALE: [string, string] = ['demo-sale', 'Sale'];

/** The demo store's catalogue: products with collections, tags and variants, so rule pickers have something to pick. Idempotent. */
export const DEMO_PRODUCTS: NormalizedProduct[] = [
  product(
    'demo-house-blend',
    'House Blend Beans',
    1_650,
    ['coffee', 'beans'],
    [COFFEE],
    [
      ['demo-house-250', '250 g'],
      ['demo-house-1k', '1 kg'],
    ],
  ),
  product('demo-espresso', 'Espresso Roast', 1_800, ['coffee', 'beans', 'dark'], [COFFEE], [['demo-espresso-250', '250 g']]),
  product('demo-decaf', 'Swiss Water Decaf', 1_750, ['coffee', 'decaf'], [COFFEE, SALE]),
  product('demo-cold-brew', 'Cold Brew Pack', 2_200, ['coffee', 'seasonal'], [COFFEE]),
  product(
    'demo-kettle',
    'Gooseneck Kettle',
    6_900,
    ['gear'],
    [GEAR],
    [
      ['demo-kettle-black', 'Black'],
      ['demo-kettle-steel', 'Steel'],
    ],
  ),
  product('demo-grinder', 'Burr Grinder', 12_900, ['gear'], [GEAR]),
  product('demo-dripper', 'Ceramic Dripper', 2_900, ['gear', 'sale'], [GEAR, SALE]),
  product('demo-filters', 'Paper Filters (100)', 600, ['gear', 'consumable'], [GEAR]),
  product('demo-mug', 'Stoneware Mug', 1_800, ['merch'], [SALE]),
  product('demo-gift-25', 'Gift Card $25', 2_500, ['gift-card'], [CARDS]),
  product('demo-gift-50', 'Gift Card $50', 5_000, ['gift-card'], [CARDS]),
];

export async function seedCatalogue(db: Executor, storeId: number, now: Date): Promise<void> {
  await upsertProducts(db, storeId, DEMO_PRODUCTS, 'seed', now, true);
}
