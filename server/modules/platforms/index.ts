/**
 * The platforms module: installing on Shopify and BigCommerce, the store's connection (its sealed
 * token), the adapters the product calls them through, and each platform's orders translated to
 * the neutral order the orders module applies. It sits below the areas that call it: what it asks
 * of them goes through the hooks they register (hooks.ts). Other modules import this file only.
 */
export { PLATFORMS, type Platform, type ConnectionStatus } from './tables.ts';
export {
  connectionOf,
  connectionStatus,
  markNeedsReconnect,
  markUninstalled,
  resealTokens,
  saveConnection,
  storeOfShop,
  type Connection,
} from './connections.ts';
export { openToken, sealToken, TokenKeyMissing } from './tokens.ts';
export { PlatformRefused, PlatformThrottled, PlatformUnauthorized, type CreatedCode, type PlatformAdapter, type RewardCode } from './adapter.ts';
export { platformAdapters, type PlatformAdapters } from './adapters.ts';
export { queueFriendCode, queueRewardCode, retireRewardCodes, type GivenCode } from './codes/issue.ts';
export { rewardCodeJobs, type CodeJobDeps } from './codes/jobs.ts';
export { codeStatusFields, friendCodeStatus, NO_PLATFORM, rewardCodeStatuses, shopperCodeStatus, withCodeStatuses, type CodeStatus } from './codes/read.ts';
export type { CodeState } from './codes/tables.ts';
export { addMember, installStore, providerSignIn, type InstallRequest, type Installed } from './install.ts';
export { cancelPlatformWork, checkPlatformSetup, PLATFORM_JOB_KINDS, refreshWebhookSecret } from './jobs.ts';
export { bigcommerceRoutes } from './bigcommerce/routes.ts';
export { bigcommerceSetupJob, BIGCOMMERCE_SETUP_JOB } from './bigcommerce/setup.ts';
export { bigcommerceBackfillJob, BIGCOMMERCE_BACKFILL_JOB } from './bigcommerce/backfill.ts';
export { shopperOfCustomerJwt, type IdentifiedShopper } from './bigcommerce/shopper.ts';
export { InvalidBigCommerceJwt } from './bigcommerce/oauth.ts';
export { shopifyRoutes } from './shopify/routes.ts';
export { queueWebhookSync, webhookSyncJob } from './shopify/webhook-sync.ts';
export { importBulkFile, queueShopifyBackfill, shopifyBackfillJob, SHOPIFY_BACKFILL_JOB } from './shopify/backfill.ts';
export { dataRequestOf, dataRequestsOf } from './data-requests.ts';
export { registerPlatformHooks, type PlatformCustomer, type PlatformHooks } from './hooks.ts';
export { SHOPIFY_TOPICS, shopifyEvent } from './shopify/orders.ts';
export { bigcommerceEvent, bigcommerceWebhookSecret, fetchBigCommerceOrder, type BigCommerceOrder } from './bigcommerce/orders.ts';
export { bigcommerceRequest, type StoreAccess } from './bigcommerce/api.ts';
export { webhookRetry, WEBHOOK_RECONNECT_MESSAGE } from './job-errors.ts';
export { isShopifyCustomerTopic, SHOPIFY_CUSTOMER_TOPICS } from './shopify/customer-topics.ts';
export { platformOverviewOf } from './status.ts';
export { platformStatusRoutes } from './status-routes.ts';
