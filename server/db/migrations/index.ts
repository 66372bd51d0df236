import type { Migration } from 'kysely';
import * as initial from './0001_initial.ts';
import * as ledger from './0020_ledger.ts';
import * as rulesRewards from './0021_rules_rewards.ts';
import * as ordersWebhooks from './0022_orders_webhooks.ts';
import * as rewardExpiryOrderImports from './0023_reward_expiry_order_imports.ts';
import * as customerJoinDay from './0024_customer_join_day.ts';
import * as pointsBigint from './0050_points_bigint.ts';
import * as webhookDedupePerTopic from './0051_webhook_dedupe_per_topic.ts';
import * as dashboard from './0070_dashboard.ts';
import * as analyticsDaily from './0071_analytics_daily.ts';
import * as emailTemplates from './0060_email_templates.ts';
import * as apiClients from './0080_api_clients.ts';
import * as webhookEventsRecent from './0081_webhook_events_recent.ts';
import * as adminRole from './0140_admin_role.ts';
import * as ordersPlacedAt from './0030_orders_placed_at.ts';
import * as customerList from './0040_customer_list.ts';
import * as customerExports from './0041_customer_exports.ts';
import * as documentPublishing from './0010_document_publishing.ts';
import * as referrals from './0100_referrals.ts';
import * as vip from './0110_vip.ts';
import * as vipSimulation from './0111_vip_simulation.ts';
import * as customerImports from './0120_customer_imports.ts';
import * as awardCampaigns from './0122_award_campaigns.ts';
import * as receipts from './0123_receipts.ts';
import * as productCatalogue from './0150_product_catalogue.ts';
import * as outgoingWebhooks from './0160_outgoing_webhooks.ts';
import * as holdout from './0161_holdout.ts';
import * as outgoingProgramEvents from './0162_outgoing_program_events.ts';
import * as analyticsFunnel from './0163_analytics_funnel.ts';
import * as customerTags from './0164_customer_tags.ts';
import * as customerAccountsAndNameSearch from './0185_customer_accounts_and_name_search.ts';
import * as orderChannel from './0165_order_channel.ts';
import * as signInFailures from './0170_sign_in_failures.ts';
import * as statementLevelCustomerTriggers from './0180_statement_level_customer_triggers.ts';
import * as vipFigures from './0190_vip_figures.ts';
import * as vipJobResume from './0191_vip_job_resume.ts';
import * as vipFiguresPlanEachRun from './0192_vip_figures_plan_each_run.ts';
import * as analyticsSegments from './0200_analytics_segments.ts';
import * as liftSample from './0201_lift_sample.ts';
import * as webhookRawOnly from './0210_webhook_raw_only.ts';
import * as rateLimitHits from './0211_rate_limit_hits.ts';
import * as customerImportWrites from './0240_customer_import_writes.ts';
import * as productVersions from './0270_product_versions.ts';
import * as customerExportResume from './0271_customer_export_resume.ts';
import * as jobs from './0330_jobs.ts';
import * as publishSchedules from './0331_publish_schedules.ts';
import * as vipFiguresByBasis from './0280_vip_figures_by_basis.ts';
import * as mediaKeys from './0325_media_keys.ts';
import * as analyticsExpiringPoints from './0202_analytics_expiring_points.ts';
import * as analyticsSegmentExpiringPoints from './0220_analytics_segment_expiring_points.ts';
import * as analyticsReferralFunnel from './0221_analytics_referral_funnel.ts';
import * as customerTagsJoinedAt from './0230_customer_tags_joined_at.ts';

/**
 * Every migration, in order. Add a file `NNNN_name.ts` exporting `up` and list it here; names
 * sort lexically, so keep the four-digit prefix. Never edit a migration that has shipped.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': initial,
  '0020_ledger': ledger,
  '0021_rules_rewards': rulesRewards,
  '0022_orders_webhooks': ordersWebhooks,
  '0023_reward_expiry_order_imports': rewardExpiryOrderImports,
  '0024_customer_join_day': customerJoinDay,
  '0050_points_bigint': pointsBigint,
  '0051_webhook_dedupe_per_topic': webhookDedupePerTopic,
  '0070_dashboard': dashboard,
  '0071_analytics_daily': analyticsDaily,
  '0080_api_clients': apiClients,
  '0081_webhook_events_recent': webhookEventsRecent,
  '0140_admin_role': adminRole,
  '0040_customer_list': customerList,
  '0041_customer_exports': customerExports,
  '0010_document_publishing': documentPublishing,
  '0060_email_templates': emailTemplates,
  '0030_orders_placed_at': ordersPlacedAt,
  '0100_referrals': referrals,
  '0110_vip': vip,
  '0111_vip_simulation': vipSimulation,
  '0120_customer_imports': customerImports,
  '0122_award_campaigns': awardCampaigns,
  '0123_receipts': receipts,
  '0150_product_catalogue': productCatalogue,
  '0160_outgoing_webhooks': outgoingWebhooks,
  '0161_holdout': holdout,
  '0162_outgoing_program_events': outgoingProgramEvents,
  '0163_analytics_funnel': analyticsFunnel,
  '0164_customer_tags': customerTags,
  '0185_customer_accounts_and_name_search': customerAccountsAndNameSearch,
  '0165_order_channel': orderChannel,
  '0170_sign_in_failures': signInFailures,
  '0180_statement_level_customer_triggers': statementLevelCustomerTriggers,
  '0190_vip_figures': vipFigures,
  '0191_vip_job_resume': vipJobResume,
  '0192_vip_figures_plan_each_run': vipFiguresPlanEachRun,
  '0200_analytics_segments': analyticsSegments,
  '0201_lift_sample': liftSample,
  '0202_analytics_expiring_points': analyticsExpiringPoints,
  '0210_webhook_raw_only': webhookRawOnly,
  '0211_rate_limit_hits': rateLimitHits,
  '0220_analytics_segment_expiring_points': analyticsSegmentExpiringPoints,
  '0221_analytics_referral_funnel': analyticsReferralFunnel,
  '0230_customer_tags_joined_at': customerTagsJoinedAt,
  '0240_customer_import_writes': customerImportWrites,
  '0270_product_versions': productVersions,
  '0271_customer_export_resume': customerExportResume,
  '0280_vip_figures_by_basis': vipFiguresByBasis,
  '0325_media_keys': mediaKeys,
  '0330_jobs': jobs,
  '0331_publish_schedules': publishSchedules,
};
