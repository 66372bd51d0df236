import { CONSOLE_CONSTANTS } from './constants.ts';

/**
 * Runtime configuration of the console. Defaults: everything on the same origin.
 * Overrides, first match wins per key:
 *  - `window.__LS_CONFIG__` (set by a script before the app loads, e.g. Playwright's addInitScript)
 *  - build-time env `VITE_AUTH_HOST`, `VITE_API_BASE`, `VITE_DATA_BASE`, `VITE_LOGIN_DELAY_MS`
 * `loginDelayMs` exists so tests can shorten the spec's 3000 ms sign-in wait.
 */
export interface ConsoleConfig {
  /** host of the sign-in provider; '' = same origin */
  authHost: string;
  /** base of the API, spec §7 "versioned v1" */
  apiBase: string;
  /** base of the separate data host API */
  dataBase: string;
  /** host serving the landing page HTML ('' = same origin) */
  widgetHost: string;
  /** external billing page; the store access token is appended */
  billingUrl: string;
  helpCenterUrl: string;
  demoUrl: string;
  contactUrl: string;
  loginDelayMs: number;
  /** Unlayer's embed script for the visual email editor ('' = Unlayer's own CDN); tests point it at a stand-in */
  unlayerScriptUrl: string;
  /** how long the visual email editor may take to get ready before the page says it is unreachable */
  unlayerTimeoutMs: number;
}

export const DEFAULT_CONFIG: ConsoleConfig = {
  authHost: '',
  apiBase: '/api/v1',
  dataBase: '/data/v1',
  widgetHost: '',
  billingUrl: 'https://billing.loyalty-studio.example/plans',
  helpCenterUrl: 'https://help.loyalty-studio.example/',
  demoUrl: 'https://loyalty-studio.example/demo',
  contactUrl: 'mailto:support@loyalty-studio.example',
  loginDelayMs: CONSOLE_CONSTANTS.loginDelayMs,
  unlayerScriptUrl: '',
  unlayerTimeoutMs: 20_000,
};

declare global {
  interface Window {
    __LS_CONFIG__?: Partial<ConsoleConfig>;
  }
}

type EnvSource = Record<string, string | boolean | undefined>;

/** Pure merge of the sources, so it can be tested without a browser. */
export function resolveConfig(windowConfig: Partial<ConsoleConfig> | undefined, env: EnvSource): ConsoleConfig {
  const fromEnv: Partial<ConsoleConfig> = {};
  const text = (key: string) => (typeof env[key] === 'string' && env[key] !== '' ? (env[key] as string) : undefined);
  if (text('VITE_AUTH_HOST') !== undefined) fromEnv.authHost = text('VITE_AUTH_HOST')!;
  if (text('VITE_API_BASE') !== undefined) fromEnv.apiBase = text('VITE_API_BASE')!;
  if (text('VITE_DATA_BASE') !== undefined) fromEnv.dataBase = text('VITE_DATA_BASE')!;
  const delay = Number(text('VITE_LOGIN_DELAY_MS'));
  if (text('VITE_LOGIN_DELAY_MS') !== undefined && Number.isFinite(delay)) fromEnv.loginDelayMs = delay;
  const merged = { ...DEFAULT_CONFIG, ...fromEnv, ...windowConfig };
  return { ...merged, authHost: merged.authHost.replace(/\/+$/, '') };
}

export function getConfig(): ConsoleConfig {
  // oxlint-disable-next-line no-underscore-dangle -- a page-level config global, named to stand out
  const windowConfig = typeof window === 'undefined' ? undefined : window.__LS_CONFIG__;
  return resolveConfig(windowConfig, import.meta.env as EnvSource);
}

/** spec §4 / §2: where the browser goes to sign in and to sign out. */
export const authLoginUrl = (config: ConsoleConfig) => `${config.authHost}/auth/login`;
export const authLogoutUrl = (config: ConsoleConfig) => `${config.authHost}/auth/logout`;
