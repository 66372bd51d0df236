/**
 * The adapters the product calls each platform through, registered here once: the Shopify and
 * BigCommerce adapters (shopify/, bigcommerce/) fill in their entry; a platform without an adapter
 * is null (its stores keep their codes in the program only).
 */
import type { PlatformsConfig } from '../../config.ts';
import type { PlatformAdapter } from './adapter.ts';
import { bigcommerceAdapter } from './bigcommerce/adapter.ts';
import type { Platform } from './tables.ts';
import { shopifyAdapter } from './shopify/adapter.ts';

export type PlatformAdapters = Record<Platform, PlatformAdapter | null>;

export function platformAdapters(config: PlatformsConfig): PlatformAdapters {
  return { shopify: shopifyAdapter(config), bigcommerce: config.bigcommerce ? bigcommerceAdapter(config.bigcommerceApiUrl) : null };
}
