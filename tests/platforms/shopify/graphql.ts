import { graphql, parse, validate, visit, type DocumentNode } from 'graphql';
import { connection, customerView, listBulkOperations, readBulkOperation, runBulkQuery } from './bulk.ts';
import { ADMIN_SCHEMA } from './schema.ts';
import type { StandInShop } from './shops.ts';

/** Shopify's bucket: 2,000 points, refilled at 100 a second (the standard plan's figures). */
export interface Bucket {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
  at: number;
  /** the bucket's clock in ms (a test stops it to read the bucket as it was set) */
  clock: () => number;
  /** how many queries asked for more than the bucket held (answered THROTTLED) */
  throttled: number;
}

export const newBucket = (): Bucket => ({ maximumAvailable: 2000, currentlyAvailable: 2000, restoreRate: 100, at: Date.now(), clock: Date.now, throttled: 0 });

/** A mutation costs 10, and every object selected 1 more (Shopify's documented cost model, simplified). */
function costOf(document: DocumentNode): number {
  let cost = 0;
  visit(document, {
    OperationDefinition(node) {
      if (node.operation === 'mutation') cost += 10;
    },
    Field(node) {
      if (node.selectionSet) cost += 1;
    },
  });
  return cost;
}

function refill(bucket: Bucket): void {
  const now = bucket.clock();
  bucket.currentlyAvailable = Math.min(bucket.maximumAvailable, bucket.currentlyAvailable + ((now - bucket.at) / 1000) * bucket.restoreRate);
  bucket.at = now;
}

const throttleStatus = (bucket: Bucket) => ({
  maximumAvailable: bucket.maximumAvailable,
  currentlyAvailable: Math.floor(bucket.currentlyAvailable),
  restoreRate: bucket.restoreRate,
});

const discountTypename = { basic: 'DiscountCodeBasic', free_shipping: 'DiscountCodeFreeShipping' } as const;

/** Answers one Admin GraphQL request for `shop` as Shopify does: validation errors, THROTTLED, cost extensions. */
export async function answerGraphql(shop: StandInShop, body: { query?: unknown; variables?: unknown }, origin = ''): Promise<unknown> {
  if (typeof body.query !== 'string') return { errors: [{ message: 'Parameter Missing or Invalid' }] };
  let document: DocumentNode;
  try {
    document = parse(body.query);
  } catch (error) {
    return { errors: [{ message: (error as Error).message, extensions: { code: 'PARSE_ERROR' } }] };
  }
  const invalid = validate(ADMIN_SCHEMA, document);
  if (invalid.length > 0) return { errors: invalid.map((error) => ({ message: error.message, locations: error.locations })) };
  const requested = costOf(document);
  const bucket = shop.bucket;
  refill(bucket);
  if (requested > bucket.currentlyAvailable) {
    bucket.throttled += 1;
    return {
      errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }],
      extensions: { cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: throttleStatus(bucket) } },
    };
  }
  bucket.currentlyAvailable -= requested;
  const nodeOf = (id: string) => {
    const discount = shop.discounts.find((candidate) => candidate.id === id);
    return discount ? { id: discount.id, codeDiscount: { __typename: discountTypename[discount.kind], ...discount.view() } } : null;
  };
  const result = await graphql({
    schema: ADMIN_SCHEMA,
    source: body.query,
    variableValues: (body.variables as Record<string, unknown> | undefined) ?? {},
    rootValue: {
      shop: () => shop.info(),
      customers: () => connection(shop.customers.map(customerView)),
      bulkOperations: (args: Parameters<typeof listBulkOperations>[1]) => listBulkOperations(shop, args),
      node: ({ id }: { id: string }) => {
        const operation = shop.bulkOperations.find((candidate) => candidate.id === id);
        return operation ? readBulkOperation(shop, operation) : null;
      },
      bulkOperationRunQuery: ({ query }: { query: string }) => runBulkQuery(shop, query, origin),
      codeDiscountNodeByCode: ({ code }: { code: string }) => {
        const discount = shop.discounts.find((candidate) => candidate.code.toLowerCase() === code.toLowerCase());
        return discount ? nodeOf(discount.id) : null;
      },
      webhookSubscriptions: ({ topics }: { topics?: string[] }) => ({
        nodes: shop.subscriptions.filter((subscription) => !topics || topics.includes(subscription.topic)),
      }),
      discountCodeBasicCreate: ({ basicCodeDiscount }: { basicCodeDiscount: Record<string, unknown> }) => {
        const created = shop.createDiscount('basic', 'basicCodeDiscount', basicCodeDiscount);
        return 'userErrors' in created ? { codeDiscountNode: null, userErrors: created.userErrors } : { codeDiscountNode: nodeOf(created.id), userErrors: [] };
      },
      discountCodeFreeShippingCreate: ({ freeShippingCodeDiscount }: { freeShippingCodeDiscount: Record<string, unknown> }) => {
        const created = shop.createDiscount('free_shipping', 'freeShippingCodeDiscount', freeShippingCodeDiscount);
        return 'userErrors' in created ? { codeDiscountNode: null, userErrors: created.userErrors } : { codeDiscountNode: nodeOf(created.id), userErrors: [] };
      },
      discountCodeDeactivate: ({ id }: { id: string }) => {
        const discount = shop.discounts.find((candidate) => candidate.id === id);
        if (!discount) return { codeDiscountNode: null, userErrors: [{ field: ['id'], message: 'Discount does not exist', code: 'INVALID' }] };
        discount.status = 'EXPIRED';
        return { codeDiscountNode: nodeOf(id), userErrors: [] };
      },
      webhookSubscriptionCreate: ({ topic, webhookSubscription }: { topic: string; webhookSubscription: { uri?: string } }) => {
        const uri = webhookSubscription.uri ?? '';
        if (!/^https?:\/\//.test(uri))
          return { webhookSubscription: null, userErrors: [{ field: ['webhookSubscription', 'uri'], message: 'Address is invalid' }] };
        if (shop.subscriptions.some((subscription) => subscription.topic === topic && subscription.uri === uri)) {
          return {
            webhookSubscription: null,
            userErrors: [{ field: ['webhookSubscription', 'uri'], message: 'Address for this topic has already been taken' }],
          };
        }
        const subscription = { id: `gid://shopify/WebhookSubscription/${shop.nextId()}`, topic, uri };
        shop.subscriptions.push(subscription);
        return { webhookSubscription: subscription, userErrors: [] };
      },
    },
  });
  return { ...result, extensions: { cost: { requestedQueryCost: requested, actualQueryCost: requested, throttleStatus: throttleStatus(bucket) } } };
}
