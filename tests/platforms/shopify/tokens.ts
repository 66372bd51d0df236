/**
 * The stand-in's offline access tokens, as Shopify documents them
 * (https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens/offline-access-tokens):
 * - the code exchange answers a non-expiring token, or with `expiring=1` one that lasts an hour
 *   with a refresh token good for 90 days; a new expiring token revokes the shop's earlier ones;
 * - `grant_type=refresh_token` answers a new access token and a new refresh token; the refresh
 *   token just used stays valid until the app uses its replacement (for 30 days at most), so an
 *   app that lost the answer retries with it
 *   (https://shopify.dev/changelog/more-resilient-refreshes-for-expiring-offline-access-tokens);
 * - token exchange of a non-expiring offline token with `expiring=1` answers an expiring pair and
 *   ends the old token; retried with the same old token within seven days, before the pair was
 *   refreshed, it answers the same pair
 *   (https://shopify.dev/changelog/more-resilient-token-exchanges-when-migrating-tokens-without-a-user-session).
 */
import { randomBytes } from 'node:crypto';

export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_SECONDS = 90 * 86_400;
const RECOVERY_MS = 30 * 86_400_000;
const MIGRATION_RETRY_MS = 7 * 86_400_000;
export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const OFFLINE_ACCESS_TOKEN = 'urn:shopify:params:oauth:token-type:offline-access-token';

/** What the token endpoint answers for a granted token. */
export interface TokenAnswer {
  access_token: string;
  scope: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
}

interface AccessToken {
  shop: string;
  scope: string;
  /** ms; null: it does not expire */
  expiresAt: number | null;
}

interface RefreshToken {
  shop: string;
  scope: string;
  expiresAt: number;
  /** when it was first used to refresh (the recovery window counts from then) */
  usedAt: number | null;
}

export class StandInTokens {
  readonly #access = new Map<string, AccessToken>();
  readonly #refresh = new Map<string, RefreshToken>();
  /** per shop: its newest refresh token, and the one used to get it, valid until the newest is used */
  readonly #chain = new Map<string, { latest: string; retained: string | null }>();
  /** non-expiring tokens cycled by token exchange: the pair they were exchanged for, and when */
  readonly #migrated = new Map<string, { shop: string; access: string; refresh: string; at: number }>();
  /** every token ever granted, for tests that look for them where they must never be */
  readonly #granted: Array<{ shop: string; token: string }> = [];
  /** refresh grants asked for (refused ones too), successful ones, and token exchanges of a non-expiring token, per shop */
  readonly refreshesAsked = new Map<string, number>();
  readonly refreshes = new Map<string, number>();
  readonly migrations = new Map<string, number>();

  constructor(private readonly now: () => Date) {}

  #ms(): number {
    return this.now().getTime();
  }

  /** The shop a working access token is for; null when unknown, revoked or expired. */
  shopOf(accessToken: string): string | null {
    const token = this.#access.get(accessToken);
    if (!token || (token.expiresAt !== null && token.expiresAt <= this.#ms())) return null;
    return token.shop;
  }

  /** The shop a refresh token was issued for (known even when no longer valid), or null. */
  shopOfRefresh(refreshToken: string): string | null {
    return this.#refresh.get(refreshToken)?.shop ?? null;
  }

  /** Every access and refresh token granted to the shop, in the order granted, ended ones too. */
  grantedTo(shop: string): string[] {
    return this.#granted.filter((granted) => granted.shop === shop).map((granted) => granted.token);
  }

  /** The shop's newest refresh token (what the app should hold). */
  latestRefresh(shop: string): string | null {
    return this.#chain.get(shop)?.latest ?? null;
  }

  /** The authorization code's token: non-expiring unless `expiring`. */
  grant(shop: string, scope: string, expiring: boolean): TokenAnswer {
    if (!expiring) {
      const token = `shpat_${randomBytes(16).toString('hex')}`;
      this.#access.set(token, { shop, scope, expiresAt: null });
      this.#granted.push({ shop, token });
      return { access_token: token, scope };
    }
    return this.#issue(shop, scope, null);
  }

  /** `grant_type=refresh_token`: a new pair, or null when the refresh token is not (or no longer) valid. */
  refresh(refreshToken: string): TokenAnswer | null {
    const token = this.#refresh.get(refreshToken);
    if (token) this.refreshesAsked.set(token.shop, (this.refreshesAsked.get(token.shop) ?? 0) + 1);
    const chain = token && this.#chain.get(token.shop);
    if (!token || !chain || token.expiresAt <= this.#ms()) return null;
    if (refreshToken !== chain.latest && refreshToken !== chain.retained) return null;
    if (token.usedAt !== null && token.usedAt + RECOVERY_MS <= this.#ms()) return null;
    token.usedAt ??= this.#ms();
    for (const [original, migrated] of this.#migrated) if (migrated.shop === token.shop) this.#migrated.delete(original);
    this.refreshes.set(token.shop, (this.refreshes.get(token.shop) ?? 0) + 1);
    return this.#issue(token.shop, token.scope, refreshToken);
  }

  /** Token exchange of a non-expiring offline token for an expiring pair, or null when that token does not work. */
  migrate(subjectToken: string): TokenAnswer | null {
    const earlier = this.#migrated.get(subjectToken);
    if (earlier && earlier.at + MIGRATION_RETRY_MS > this.#ms() && this.#chain.get(earlier.shop)?.latest === earlier.refresh) {
      const access = this.#access.get(earlier.access)!;
      access.expiresAt = Math.max(access.expiresAt ?? 0, this.#ms() + ACCESS_TOKEN_SECONDS * 1000);
      const refresh = this.#refresh.get(earlier.refresh)!;
      return this.#answer(earlier.access, access, earlier.refresh, refresh);
    }
    const token = this.#access.get(subjectToken);
    if (!token || token.expiresAt !== null) return null;
    this.#access.delete(subjectToken);
    const answer = this.#issue(token.shop, token.scope, null);
    this.#migrated.set(subjectToken, { shop: token.shop, access: answer.access_token, refresh: answer.refresh_token!, at: this.#ms() });
    this.migrations.set(token.shop, (this.migrations.get(token.shop) ?? 0) + 1);
    return answer;
  }

  /** The merchant took the app's access away: every token of the shop stops working. */
  revoke(shop: string): void {
    for (const [token, access] of this.#access) if (access.shop === shop) this.#access.delete(token);
    // refresh tokens stay known (as Shopify knows whose they were), but no longer work
    for (const refresh of this.#refresh.values()) if (refresh.shop === shop) refresh.expiresAt = 0;
    this.#chain.delete(shop);
  }

  /** A new expiring pair for the shop: its earlier expiring access tokens stop working; `retained` stays valid until the new refresh token is used. */
  #issue(shop: string, scope: string, retained: string | null): TokenAnswer {
    for (const [token, access] of this.#access) if (access.shop === shop && access.expiresAt !== null) this.#access.delete(token);
    const accessToken = `shpat_${randomBytes(16).toString('hex')}`;
    const refreshToken = `shprt_${randomBytes(16).toString('hex')}`;
    const access = { shop, scope, expiresAt: this.#ms() + ACCESS_TOKEN_SECONDS * 1000 };
    const refresh = { shop, scope, expiresAt: this.#ms() + REFRESH_TOKEN_SECONDS * 1000, usedAt: null };
    this.#access.set(accessToken, access);
    this.#refresh.set(refreshToken, refresh);
    this.#granted.push({ shop, token: accessToken }, { shop, token: refreshToken });
    this.#chain.set(shop, { latest: refreshToken, retained });
    return this.#answer(accessToken, access, refreshToken, refresh);
  }

  #answer(accessToken: string, access: AccessToken, refreshToken: string, refresh: RefreshToken): TokenAnswer {
    return {
      access_token: accessToken,
      scope: access.scope,
      expires_in: Math.round(((access.expiresAt ?? 0) - this.#ms()) / 1000),
      refresh_token: refreshToken,
      refresh_token_expires_in: Math.round((refresh.expiresAt - this.#ms()) / 1000),
    };
  }
}
