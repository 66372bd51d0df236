const PLATFORM_NAMES: Record<string, string> = { bigcommerce: 'BigCommerce', shopify: 'Shopify', woocommerce: 'WooCommerce' };

/** The platform's name as merchants know it ("your store" when there is none). */
export const platformName = (platform: string) =>
  PLATFORM_NAMES[platform.toLowerCase()] ?? (platform ? platform[0]!.toUpperCase() + platform.slice(1) : 'your store');
