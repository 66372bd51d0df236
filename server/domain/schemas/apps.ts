import { z } from 'zod';

/** The integrations the product really supports: the order webhooks it verifies and processes. */
export const APP_IDS = ['shopify', 'bigcommerce', 'custom'] as const;
export type AppId = (typeof APP_IDS)[number];
export const appId = z.enum(APP_IDS, { message: `Choose one of: ${APP_IDS.join(', ')}.` });

/** Shopify shop domains: `name.myshopify.com` or the shop's own domain. */
const shopDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Enter the shop domain, for example my-shop.myshopify.com.');

/** POST /apps/integrate: what each platform needs to be connected. */
export const appIntegrateBody = z.discriminatedUnion('app', [
  z.strictObject({ app: z.literal('shopify'), domain: shopDomain }),
  z.strictObject({ app: z.literal('bigcommerce'), access_token: z.string().trim().min(8, 'Enter the API account access token.').max(200) }),
  z.strictObject({ app: z.literal('custom') }),
]);
export type AppIntegrateBody = z.infer<typeof appIntegrateBody>;
