/**
 * Reward codes in a Shopify shop's discounts: looked up by code first (the job may run twice),
 * then created as an amount-off code (a fixed amount, a percentage, or 100 % off a free product)
 * or a free-shipping code, for one use by the shopper it was issued to.
 */
import type { PlatformsConfig } from '../../../config.ts';
import { PlatformRefused, type PlatformAdapter, type RewardCode } from '../adapter.ts';
import type { Connection } from '../connections.ts';
import { adminGraphql, type ShopifyConfig } from './admin-api.ts';

const BY_CODE = /* GraphQL */ `
  query CodeByCode($code: String!) {
    codeDiscountNodeByCode(code: $code) {
      id
    }
  }
`;

/** A code-creating mutation: `mutation` takes its input as `argument` of `inputType`. */
const createMutation = (mutation: string, argument: string, inputType: string) => /* GraphQL */ `
  mutation Create($${argument}: ${inputType}!) {
    ${mutation}(${argument}: $${argument}) {
      codeDiscountNode { id }
      userErrors { field code message }
    }
  }
`;

const CREATE_BASIC = createMutation('discountCodeBasicCreate', 'basicCodeDiscount', 'DiscountCodeBasicInput');
const CREATE_FREE_SHIPPING = createMutation('discountCodeFreeShippingCreate', 'freeShippingCodeDiscount', 'DiscountCodeFreeShippingInput');

const DEACTIVATE = /* GraphQL */ `
  mutation DeactivateCode($id: ID!) {
    discountCodeDeactivate(id: $id) {
      userErrors {
        field
        code
        message
      }
    }
  }
`;

type UserErrors = Array<{ code: string | null; message: string }>;
type Created = { codeDiscountNode: { id: string } | null; userErrors: UserErrors };

/** A platform id as a GraphQL global id (`gid://shopify/Product/1`), whichever form it was stored in. */
const gid = (type: string, id: string) => (id.startsWith('gid://') ? id : `gid://shopify/${type}/${id}`);

/** Minor units as Shopify's Decimal, in the currency's own number of decimals. */
function decimal(minor: number, currency: string): string {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return (minor / 10 ** digits).toFixed(digits);
}

/** The input fields both kinds of code share. */
function commonInput(code: RewardCode, now: Date) {
  return {
    title: code.title,
    code: code.code,
    startsAt: now.toISOString(),
    endsAt: code.endsAt ? code.endsAt.toISOString() : null,
    usageLimit: 1,
    appliesOncePerCustomer: true,
    context: code.customerPlatformId ? { customers: { add: [gid('Customer', code.customerPlatformId)] } } : { all: 'ALL' },
    ...(code.minimumSubtotal ? { minimumRequirement: { subtotal: { greaterThanOrEqualToSubtotal: decimal(code.minimumSubtotal, code.currency) } } } : {}),
  };
}

/** What the shopper gets: the value, and the items it applies to. */
function customerGets(code: RewardCode) {
  const discount = code.discount;
  const value =
    discount.type === 'fixed_amount'
      ? { discountAmount: { amount: decimal(discount.amount, code.currency), appliesOnEachItem: false } }
      : discount.type === 'percentage'
        ? { percentage: discount.percent / 100 }
        : { percentage: 1 };
  const productIds = discount.type === 'free_product' ? discount.productIds : code.productIds;
  const items =
    productIds.length > 0 || code.collectionIds.length > 0
      ? {
          ...(productIds.length > 0 ? { products: { productsToAdd: productIds.map((id) => gid('Product', id)) } } : {}),
          ...(code.collectionIds.length > 0 ? { collections: { add: code.collectionIds.map((id) => gid('Collection', id)) } } : {}),
        }
      : { all: true };
  return { value, items };
}

async function findCode(config: ShopifyConfig, connection: Connection, code: string): Promise<string | null> {
  const found = await adminGraphql<{ codeDiscountNodeByCode: { id: string } | null }>(config, connection, BY_CODE, { code });
  return found.codeDiscountNodeByCode?.id ?? null;
}

export function shopifyAdapter(platforms: PlatformsConfig, now: () => Date = () => new Date()): PlatformAdapter | null {
  const config = platforms.shopify;
  if (!config) return null;
  return {
    platform: 'shopify',
    async createCode(connection, code, { mayExist } = { mayExist: true }) {
      const existing = mayExist ? await findCode(config, connection, code.code) : null;
      if (existing) return { platformId: existing };
      const created =
        code.discount.type === 'free_shipping'
          ? (
              await adminGraphql<{ discountCodeFreeShippingCreate: Created }>(config, connection, CREATE_FREE_SHIPPING, {
                freeShippingCodeDiscount: { ...commonInput(code, now()), destination: { all: true } },
              })
            ).discountCodeFreeShippingCreate
          : (
              await adminGraphql<{ discountCodeBasicCreate: Created }>(config, connection, CREATE_BASIC, {
                basicCodeDiscount: { ...commonInput(code, now()), customerGets: customerGets(code) },
              })
            ).discountCodeBasicCreate;
      if (created.codeDiscountNode) return { platformId: created.codeDiscountNode.id };
      // created meanwhile by an earlier attempt that did not hear the answer (or a first attempt, which does not look first)
      const taken = created.userErrors.some((error) => error.code === 'TAKEN') ? await findCode(config, connection, code.code) : null;
      if (taken) return { platformId: taken };
      throw new PlatformRefused(`Shopify refused the code ${code.code}: ${created.userErrors.map((error) => error.message).join('; ')}`);
    },
    async deactivateCode(connection, code) {
      // a code already deleted in the shop answers a user error: it is gone, which is what was asked
      await adminGraphql(config, connection, DEACTIVATE, { id: code.platformId });
    },
    applyUrl(shopOrigin, code, returnTo) {
      return `${shopOrigin.replace(/\/$/, '')}/discount/${encodeURIComponent(code)}?redirect=${encodeURIComponent(returnTo)}`;
    },
  };
}
