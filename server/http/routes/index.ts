import type { RouteModule } from '../context.ts';
import { webhookRoutes } from './webhooks.ts';
import { storefrontApiRoutes } from './storefront-api.ts';
import { pointsRoutes } from './points.ts';
import { pointsActivityRoutes } from './points-activity.ts';
import { redeemRoutes } from './redeem.ts';
import { customerPointsRoutes } from './customer-points.ts';
import { customerRoutes } from './customers.ts';
import { customerExportRoutes } from './customer-export.ts';
import { customerImportRoutes, customerInviteRoutes } from './customer-import.ts';
import { customerTagRoutes } from './customer-tags.ts';
import { awardPreviewRoutes, awardRoutes } from './awards.ts';
import { customerTransactionRoutes } from './customer-transactions.ts';
import { receiptRoutes, storefrontReceiptRoutes } from './receipts.ts';
import { orderImportRoutes } from './order-import.ts';
import { couponRoutes } from './coupons.ts';
import { dashboardRoutes, dataDashboardRoutes } from './dashboard.ts';
import { analyticsRoutes } from './analytics.ts';
import { authProviderRoutes } from './auth-provider.ts';
import { embedRoutes } from './embed.ts';
import { landingRoutes } from './landing.ts';
import { onsiteDisplayRoutes } from './onsite-display.ts';
import { mediaFileRoutes, mediaRoutes } from './media.ts';
import { dataSearchRoutes, searchRoutes } from './search.ts';
import { sessionRoutes } from './session.ts';
import { storeRoutes } from './store.ts';
import { templateRoutes } from './templates.ts';
import { emailOutboxRoutes, unsubscribeRoutes } from './email-outbox.ts';
import { apiClientRoutes } from './api-clients.ts';
import { oauthTokenRoutes } from './oauth-token.ts';
import { appRoutes, dataAppRoutes } from './apps.ts';
import { orderSettingsRoutes } from './order-settings.ts';
import { dataReferralRoutes, referralSettingRoutes } from './referrals.ts';
import { outgoingWebhookRoutes } from './outgoing-webhooks.ts';
import { productRoutes } from './products.ts';
import { jobRoutes } from './jobs.ts';
import { customerDataRequestRoutes } from './customer-data-requests.ts';
import { bigcommerceRoutes, platformStatusRoutes, shopifyRoutes } from '../../modules/platforms/index.ts';
import { dataVipRoutes, discountRoutes, vipRoutes } from '../../modules/vip/index.ts';

/**
 * Every route module, one line each, grouped as spec §7. Routes under /api and /data require
 * the three tokens unless they declare `config: { auth: 'none' }`; the tenancy and fuzz suites
 * walk them all automatically.
 */
export const ROUTE_MODULES: RouteModule[] = [
  authProviderRoutes,
  bigcommerceRoutes,
  platformStatusRoutes,
  sessionRoutes,
  storeRoutes,
  searchRoutes,
  dataSearchRoutes,
  mediaRoutes,
  mediaFileRoutes,
  onsiteDisplayRoutes,
  landingRoutes,
  embedRoutes,
  webhookRoutes,
  storefrontApiRoutes,
  pointsRoutes,
  pointsActivityRoutes,
  redeemRoutes,
  customerPointsRoutes,
  customerRoutes,
  customerExportRoutes,
  customerDataRequestRoutes,
  customerImportRoutes,
  customerInviteRoutes,
  customerTagRoutes,
  customerTransactionRoutes,
  awardRoutes,
  awardPreviewRoutes,
  receiptRoutes,
  storefrontReceiptRoutes,
  orderImportRoutes,
  productRoutes,
  couponRoutes,
  vipRoutes,
  dataVipRoutes,
  discountRoutes,
  dashboardRoutes,
  dataDashboardRoutes,
  analyticsRoutes,
  templateRoutes,
  emailOutboxRoutes,
  unsubscribeRoutes,
  apiClientRoutes,
  oauthTokenRoutes,
  appRoutes,
  dataAppRoutes,
  orderSettingsRoutes,
  referralSettingRoutes,
  dataReferralRoutes,
  outgoingWebhookRoutes,
  jobRoutes,
  shopifyRoutes,
];
