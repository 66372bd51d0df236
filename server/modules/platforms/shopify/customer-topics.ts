/** Shopify's customer webhook topics, which the app subscribes to and the customers module applies. */
export const SHOPIFY_CUSTOMER_TOPICS = ['customers/create', 'customers/update', 'customers/delete'] as const;

export const isShopifyCustomerTopic = (topic: string) => (SHOPIFY_CUSTOMER_TOPICS as readonly string[]).includes(topic);
