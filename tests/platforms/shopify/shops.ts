import type { StandInBulkOperation } from './bulk.ts';
import { newBucket, type Bucket } from './graphql.ts';

export interface StandInDiscount {
  id: string;
  kind: 'basic' | 'free_shipping';
  code: string;
  status: 'ACTIVE' | 'EXPIRED';
  /** the input exactly as the app sent it */
  input: Record<string, unknown>;
  view(): Record<string, unknown>;
}

export interface StandInSubscription {
  id: string;
  topic: string;
  uri: string;
}

export interface StandInOrder {
  id: number;
  name: string;
  email: string | null;
  createdAt: string;
  currencyCode: string;
  financialStatus: 'PAID' | 'PENDING' | 'REFUNDED';
  /** decimals in the shop's currency, as Shopify writes money */
  subtotal: string;
  total: string;
  discounts: string;
  discountCodes: string[];
}

export interface StandInCustomer {
  id: number;
  email: string | null;
  firstName: string;
  lastName: string;
  tags: string[];
  createdAt: string;
  orders: StandInOrder[];
}

type UserError = { field: string[]; message: string; code: string };

/** The fields Shopify requires when creating a code discount (its documentation lists them). */
const REQUIRED: Record<StandInDiscount['kind'], string[]> = {
  basic: ['code', 'title', 'startsAt', 'context', 'customerGets'],
  free_shipping: ['code', 'title', 'startsAt', 'context', 'destination'],
};

/** One shop of the stand-in: what the Admin API reads and writes for it. */
export class StandInShop {
  name: string;
  email: string;
  currencyCode = 'USD';
  readonly bucket: Bucket = newBucket();
  /** statuses the shop's admin (OAuth token exchange and Admin API) answers its next requests with, one each, before answering again (an outage) */
  readonly outage: number[] = [];
  /** how long the shop's Admin API takes to answer a query, in ms (a bench sets Shopify's own pace) */
  answerDelayMs = 0;
  readonly discounts: StandInDiscount[] = [];
  readonly subscriptions: StandInSubscription[] = [];
  readonly customers: StandInCustomer[] = [];
  readonly bulkOperations: StandInBulkOperation[] = [];
  /** where the bulk operations' files are downloaded (the stand-in's origin) */
  bulkFileOrigin = '';
  /** the address of the shop's online store (its primary domain); https://<domain> when unset */
  storefrontUrl = '';
  /** the ids of the shop's products, when a test names them: a discount on another product is refused; null: every id exists */
  products: Set<string> | null = null;
  #ids = 1000;

  constructor(readonly domain: string) {
    const handle = domain.replace(/\.myshopify\.com$/, '');
    this.name = handle.replace(/-/g, ' ').replace(/\b\w/g, (letter) => letter.toUpperCase());
    this.email = `owner@${handle}.example`;
  }

  nextId(): number {
    this.#ids += 1;
    return this.#ids;
  }

  addCustomer(fields: Partial<Omit<StandInCustomer, 'id' | 'orders'>> & { id?: number }): StandInCustomer {
    const id = fields.id ?? this.nextId();
    const customer: StandInCustomer = {
      email: null,
      firstName: '',
      lastName: '',
      tags: [],
      createdAt: new Date().toISOString(),
      ...fields,
      id,
      orders: [],
    };
    this.customers.push(customer);
    return customer;
  }

  addOrder(customer: StandInCustomer, fields: Partial<Omit<StandInOrder, 'id'>> & { id?: number } = {}): StandInOrder {
    const id = fields.id ?? this.nextId();
    const order: StandInOrder = {
      name: `#${id}`,
      email: customer.email,
      createdAt: new Date().toISOString(),
      currencyCode: this.currencyCode,
      financialStatus: 'PAID',
      subtotal: '0.00',
      total: '0.00',
      discounts: '0.00',
      discountCodes: [],
      ...fields,
      id,
    };
    customer.orders.push(order);
    return order;
  }

  info() {
    return {
      id: `gid://shopify/Shop/${this.domain.length}`,
      name: this.name,
      email: this.email,
      myshopifyDomain: this.domain,
      currencyCode: this.currencyCode,
      primaryDomain: this.storefrontUrl
        ? { host: new URL(this.storefrontUrl).host, url: this.storefrontUrl }
        : { host: this.domain, url: `https://${this.domain}` },
    };
  }

  createDiscount(kind: StandInDiscount['kind'], argument: string, input: Record<string, unknown>): { id: string } | { userErrors: UserError[] } {
    const missing = REQUIRED[kind].filter((field) => input[field] === undefined || input[field] === null || input[field] === '');
    if (missing.length > 0) return { userErrors: missing.map((field) => ({ field: [argument, field], message: `${field} can't be blank`, code: 'BLANK' })) };
    const code = String(input.code);
    if (this.discounts.some((discount) => discount.code.toLowerCase() === code.toLowerCase())) {
      return { userErrors: [{ field: [argument, 'code'], message: 'Code must be unique. Please try a different code.', code: 'TAKEN' }] };
    }
    const percentage = (input.customerGets as { value?: { percentage?: number } } | undefined)?.value?.percentage;
    if (percentage !== undefined && (percentage <= 0 || percentage > 1)) {
      return {
        userErrors: [{ field: [argument, 'customerGets', 'value', 'percentage'], message: 'Value must be between 0.0 and 1.0', code: 'VALUE_OUTSIDE_RANGE' }],
      };
    }
    const productIds = (input.customerGets as { items?: { products?: { productsToAdd?: string[] } } } | undefined)?.items?.products?.productsToAdd ?? [];
    const unknown = this.products ? productIds.filter((id) => !this.products!.has(id.replace(/^gid:\/\/shopify\/Product\//, ''))) : [];
    if (unknown.length > 0) {
      return {
        userErrors: [
          { field: [argument, 'customerGets', 'items', 'products', 'productsToAdd'], message: `Product ${unknown[0]} does not exist.`, code: 'INVALID' },
        ],
      };
    }
    const discount: StandInDiscount = {
      id: `gid://shopify/DiscountCodeNode/${this.nextId()}`,
      kind,
      code,
      status: 'ACTIVE',
      input,
      view: () => ({
        title: input.title,
        status: discount.status,
        endsAt: input.endsAt ?? null,
        usageLimit: input.usageLimit ?? null,
        appliesOncePerCustomer: input.appliesOncePerCustomer ?? false,
      }),
    };
    this.discounts.push(discount);
    return { id: discount.id };
  }
}
