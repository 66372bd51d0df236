/**
 * The webhooks the app subscribes each installed shop to (signed with the app's secret, received
 * at /platforms/shopify/webhooks), registered after an install and checked again by the
 * integrations screen's re-sync: a missing subscription is created, an existing one kept. The
 * privacy topics (customers/data_request, customers/redact, shop/redact) are not subscriptions:
 * they are set once in the app's configuration on Shopify (README).
 */
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/connection.ts';
import { enqueueJob, PermanentFailure, type JobKind } from '../../../domain/jobs/index.ts';
import { PlatformUnauthorized } from '../adapter.ts';
import { connectionOf, connectionStatus } from '../connections.ts';
import { asJobError } from '../job-errors.ts';
import { adminGraphql, type ShopifyConfig } from './admin-api.ts';

export const WEBHOOK_TOPICS = [
  'ORDERS_CREATE',
  'ORDERS_UPDATED',
  'ORDERS_PAID',
  'ORDERS_CANCELLED',
  'REFUNDS_CREATE',
  'CUSTOMERS_CREATE',
  'CUSTOMERS_UPDATE',
  'CUSTOMERS_DELETE',
  'PRODUCTS_CREATE',
  'PRODUCTS_UPDATE',
  'PRODUCTS_DELETE',
  'APP_UNINSTALLED',
] as const;

export const SYNC_KIND = 'shopify.webhook-sync';

const SUBSCRIPTIONS = /* GraphQL */ `
  query Subscriptions($topics: [WebhookSubscriptionTopic!]) {
    webhookSubscriptions(first: 50, topics: $topics) {
      nodes {
        id
        topic
        uri
      }
    }
  }
`;

const CREATE = /* GraphQL */ `
  mutation Subscribe($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
    webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
      webhookSubscription {
        id
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** Queues the check of the store's subscriptions (in the caller's transaction when given one). */
export async function queueWebhookSync(db: Db, storeId: number, now: Date): Promise<{ jobId: number }> {
  const job = await enqueueJob(db, { kind: SYNC_KIND, storeId, key: `sync:${now.getTime()}` }, now);
  return { jobId: job.id };
}

/** Subscribes the shop to every topic it misses; answers the topics created. */
async function syncSubscriptions(config: ShopifyConfig, connection: { shop: string; token: string }, uri: string): Promise<string[]> {
  const existing = await adminGraphql<{ webhookSubscriptions: { nodes: Array<{ topic: string; uri: string }> } }>(config, connection, SUBSCRIPTIONS, {
    topics: [...WEBHOOK_TOPICS],
  });
  const have = new Set(existing.webhookSubscriptions.nodes.filter((node) => node.uri === uri).map((node) => node.topic));
  const created: string[] = [];
  for (const topic of WEBHOOK_TOPICS.filter((candidate) => !have.has(candidate))) {
    const answer = await adminGraphql<{ webhookSubscriptionCreate: { userErrors: Array<{ message: string }> } }>(config, connection, CREATE, {
      topic,
      webhookSubscription: { uri, format: 'JSON' },
    });
    const refused = answer.webhookSubscriptionCreate.userErrors;
    if (refused.length > 0) throw new PermanentFailure(`Shopify refused the ${topic} webhook: ${refused.map((error) => error.message).join('; ')}`);
    created.push(topic);
  }
  return created;
}

/** The job checking a store's subscriptions, for a process configured for Shopify. */
export function webhookSyncJob(config: Config): JobKind<never> {
  return {
    kind: SYNC_KIND,
    async run(job) {
      const shopify = config.platforms.shopify;
      if (!shopify || job.storeId === null) throw new PermanentFailure('Shopify is not configured.');
      const storeId = job.storeId;
      const connection = await connectionOf(job.db, config.platforms.tokenKeys, storeId);
      if (!connection || connection.platform !== 'shopify') {
        // another job (the backfill, a reward code) may have met the revoked token since this check
        // was queued: the check says so as if it had met the refusal itself, never that all is well
        if ((await connectionStatus(job.db, storeId))?.status === 'reconnect') throw new PermanentFailure(new PlatformUnauthorized().message);
        return { created: [], skipped: 'not connected' };
      }
      return { created: await asJobError(job.db, storeId, () => syncSubscriptions(shopify, connection, `${config.publicUrl}/platforms/shopify/webhooks`)) };
    },
  };
}
