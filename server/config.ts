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
  };
}
