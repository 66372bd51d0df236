import { resolve } from 'node:path';

/** Every setting the server reads from the environment, in one place (README lists them). */
export interface Config {
  port: number;
  host: string;
  /** PGlite data folder (used when no DATABASE_URL is given) */
  dataDir: string;
  /** postgres://… switches from embedded PGlite to a PostgreSQL server */
  databaseUrl: string | undefined;
  /** built console assets */
  consoleDir: string;
  /** lifetime of a console session token (and of the sign-in provider session) */
  sessionTtlMs: number;
  /** lifetime of a one-time sign-in code handed to /auth-check */
  loginCodeTtlMs: number;
  /** lifetime of an API client's bearer token from POST /oauth/token */
  apiTokenTtlMs: number;
  /** failed sign-ins allowed per e-mail in one minute (per IP across e-mails: 5×; code exchanges per IP: 6×) — server/auth/throttle.ts */
  loginAttemptsPerMinute: number;
  /** largest accepted JSON body, in bytes */
  bodyLimitBytes: number;
  /** seed the demo stores and users on first start (skipped when users exist) */
  seedDemo: boolean;
  /** smtp(s)://user:pass@host:port for program emails; without it mail stays in the outbox */
  smtpUrl: string | undefined;
  /** From address of program emails */
  emailFrom: string;
  /** base URL shoppers reach this server at (unsubscribe links) */
  publicUrl: string;
  /** largest email design accepted by the template save, in bytes */
  emailTemplateLimitBytes: number;
  /** BEHIND_HTTPS=1: the deployment is served over HTTPS only (a TLS proxy), so answers send Strict-Transport-Security */
  behindHttps: boolean;
  /** outgoing webhooks: seconds between delivery passes */
  outgoingWebhookIntervalMs: number;
  /** OUTGOING_WEBHOOKS_ALLOW_LOOPBACK=1 (tests only): endpoints may be http:// on a loopback address; other private addresses stay refused */
  outgoingWebhookAllowLoopback: boolean;
  /** WORKERS: the background work this process runs (server/workers.ts); WEBHOOK_PROCESSING=0 leaves webhook processing out */
  workers: WorkerRole[];
  /** JOBS_STALLED_AFTER_SECONDS: a job whose process fell silent this long is taken over by another (a minute) */
  jobStalledAfterMs: number;
  /** the platforms the app installs on (server/modules/platforms) */
  platforms: PlatformsConfig;
}

/** The app's registration with each platform; a platform without its keys is not offered. */
export interface PlatformsConfig {
  /** AES-256-GCM keys sealing access tokens: the first seals, every one opens (rotation) */
  tokenKeys: Buffer[];
  shopify: { apiKey: string; apiSecret: string; scopes: string; apiOrigin: string | undefined } | null;
  bigcommerce: { clientId: string; clientSecret: string; loginUrl: string } | null;
  /** BigCommerce's API (stores connected by hand fetch their orders there too) */
  bigcommerceApiUrl: string;
}

/** A 32-byte key written as 64 hex digits or as base64. */
function tokenKey(name: string, text: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error(`${name}: a key is 32 bytes, written as 64 hex digits or in base64 (openssl rand -hex 32).`);
  return key;
}

export function loadPlatforms(env: NodeJS.ProcessEnv): PlatformsConfig {
  const shopify =
    env.SHOPIFY_API_KEY && env.SHOPIFY_API_SECRET
      ? {
          apiKey: env.SHOPIFY_API_KEY,
          apiSecret: env.SHOPIFY_API_SECRET,
          scopes: env.SHOPIFY_SCOPES || 'read_customers,write_customers,read_orders,read_products,write_discounts',
          apiOrigin: env.SHOPIFY_API_ORIGIN?.replace(/\/$/, '') || undefined,
        }
      : null;
  const bigcommerce =
    env.BIGCOMMERCE_CLIENT_ID && env.BIGCOMMERCE_CLIENT_SECRET
      ? {
          clientId: env.BIGCOMMERCE_CLIENT_ID,
          clientSecret: env.BIGCOMMERCE_CLIENT_SECRET,
          loginUrl: (env.BIGCOMMERCE_LOGIN_URL || 'https://login.bigcommerce.com').replace(/\/$/, ''),
        }
      : null;
  const current = env.PLATFORM_TOKEN_KEY ? [tokenKey('PLATFORM_TOKEN_KEY', env.PLATFORM_TOKEN_KEY)] : [];
  const retired = (env.PLATFORM_TOKEN_KEYS_RETIRED ?? '')
    .split(',')
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text) => tokenKey('PLATFORM_TOKEN_KEYS_RETIRED', text));
  if ((shopify || bigcommerce) && current.length === 0) {
    throw new Error('PLATFORM_TOKEN_KEY is required to install on Shopify or BigCommerce: it seals their access tokens (openssl rand -hex 32).');
  }
  return {
    tokenKeys: [...current, ...retired],
    shopify,
    bigcommerce,
    bigcommerceApiUrl: (env.BIGCOMMERCE_API_URL || 'https://api.bigcommerce.com').replace(/\/$/, ''),
  };
}

/** The shares of background work a process can run (server/workers.ts). */
export const WORKER_ROLES = ['webhooks', 'jobs', 'emails', 'outgoing'] as const;
export type WorkerRole = (typeof WORKER_ROLES)[number];

/** `all`, `none` or a comma-separated list of roles; an unknown role is an error at start. */
export function parseWorkerRoles(value: string | undefined): WorkerRole[] {
  const text = (value ?? 'all').trim();
  if (text === '' || text === 'all') return [...WORKER_ROLES];
  if (text === 'none') return [];
  const roles = text.split(',').map((role) => role.trim());
  const unknown = roles.filter((role) => !(WORKER_ROLES as readonly string[]).includes(role));
  if (unknown.length > 0) throw new Error(`WORKERS: unknown role ${unknown.join(', ')} (use all, none or ${WORKER_ROLES.join(',')}).`);
  return roles as WorkerRole[];
}

const number = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 4000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    consoleDir: resolve(env.CONSOLE_DIR ?? 'dist/console'),
    sessionTtlMs: number(env.SESSION_TTL_HOURS, 12) * 3_600_000,
    loginCodeTtlMs: 5 * 60_000,
    apiTokenTtlMs: 60 * 60_000,
    loginAttemptsPerMinute: number(env.LOGIN_ATTEMPTS_PER_MINUTE, 10),
    bodyLimitBytes: 1024 * 1024,
    seedDemo: env.SEED_DEMO !== '0',
    smtpUrl: env.SMTP_URL || undefined,
    emailFrom: env.EMAIL_FROM || 'Loyalty Studio <no-reply@loyalty-studio.local>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${Number(env.PORT ?? 4000)}`).replace(/\/$/, ''),
    emailTemplateLimitBytes: number(env.EMAIL_TEMPLATE_LIMIT_MB, 5) * 1024 * 1024,
    behindHttps: env.BEHIND_HTTPS === '1' || env.BEHIND_HTTPS === 'true',
    outgoingWebhookIntervalMs: number(env.OUTGOING_WEBHOOKS_INTERVAL_SECONDS, 5) * 1000,
    outgoingWebhookAllowLoopback: env.OUTGOING_WEBHOOKS_ALLOW_LOOPBACK === '1',
    workers: parseWorkerRoles(env.WORKERS).filter((role) => role !== 'webhooks' || env.WEBHOOK_PROCESSING !== '0'),
    jobStalledAfterMs: number(env.JOBS_STALLED_AFTER_SECONDS, 60) * 1000,
    platforms: loadPlatforms(env),
  };
}
