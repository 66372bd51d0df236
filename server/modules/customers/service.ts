/**
 * Customers: the list, profiles and search, tags, points adjustments, receipts, award campaigns,
 * imports and exports, keeping the platforms' customers in step and answering their requests for a
 * customer's data.
 */
export { awardGrantJob } from './awards.ts';
export { applyBigCommerceCustomerWebhook, fetchBigCommerceCustomer, isBigCommerceCustomerScope } from './bigcommerce-webhooks.ts';
export { customerExportJob } from './export-jobs.ts';
export { exportCustomers } from './export.ts';
export { createCustomerImport, customerImportJob, runCustomerImport, startCustomerImport } from './import-jobs.ts';
export { checkCustomerFile } from './import.ts';
export { customerDataFile } from './data-requests.ts';
export { listCustomers, type CustomerListOptions } from './list.ts';
export { erasePlatformCustomers, upsertPlatformCustomers, type PlatformCustomer } from './platform-sync.ts';
export { adjustPoints } from './points.ts';
export { deleteCustomer, showCustomer } from './profile.ts';
export {
  findReceipt,
  listReceipts,
  readReceiptImage,
  ReceiptError,
  RECEIPTS_PER_HOUR,
  reviewReceipt,
  shopperReceipts,
  submitReceipt,
  type ReceiptRow,
} from './receipts.ts';
export { likePattern, searchCustomers } from './search.ts';
export { applyShopifyCustomerWebhook } from './shopify-webhooks.ts';
export { isShopifyCustomerTopic, SHOPIFY_CUSTOMER_TOPICS } from '../platforms/index.ts';
export { tagCustomers } from './tags.ts';
