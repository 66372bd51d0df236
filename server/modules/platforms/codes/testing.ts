/**
 * A platform that lives in memory, for tests and the bench: it keeps the shop's codes, records
 * every call, looks a code up before creating it (as the real adapters do), and answers as it is
 * told — throttled, refused, a revoked token, a failure, or a crash right after creating the code.
 */
import { PlatformRefused, PlatformThrottled, PlatformUnauthorized, type CreatedCode, type PlatformAdapter, type RewardCode } from '../adapter.ts';
import type { Connection } from '../connections.ts';
import type { Platform } from '../tables.ts';

export type FakeAnswer = 'throttle' | 'refuse' | 'unauthorized' | 'fail' | 'crash_after_create';

export class FakePlatform implements PlatformAdapter {
  /** the shop's discounts: code → its id there and whether it still works */
  readonly codes = new Map<string, { platformId: string; active: boolean; spec: RewardCode }>();
  readonly calls: Array<{ op: 'create' | 'deactivate'; code: string; mayExist?: boolean }> = [];
  /** how many times each code was really created (a lookup that finds it creates nothing) */
  readonly creations = new Map<string, number>();
  /** the answers of the next calls, in order; then every call succeeds */
  readonly script: FakeAnswer[] = [];
  /** every call fails so (until cleared) */
  always: FakeAnswer | null = null;
  #next = 1;

  constructor(
    readonly platform: Platform = 'shopify',
    private readonly latencyMs = 0,
  ) {}

  async createCode(_connection: Connection, code: RewardCode, { mayExist } = { mayExist: true }): Promise<CreatedCode> {
    this.calls.push({ op: 'create', code: code.code, mayExist });
    await this.#wait();
    const answer = this.#answer();
    const found = this.codes.get(code.code);
    if (found) return { platformId: found.platformId };
    if (answer === 'crash_after_create') this.#create(code);
    if (answer) this.#fail(answer);
    return { platformId: this.#create(code) };
  }

  async deactivateCode(_connection: Connection, code: { code: string; platformId: string }): Promise<void> {
    this.calls.push({ op: 'deactivate', code: code.code });
    await this.#wait();
    const answer = this.#answer();
    if (answer) this.#fail(answer);
    const found = this.codes.get(code.code);
    if (found) found.active = false;
  }

  applyUrl(shopOrigin: string, code: string, returnTo: string): string {
    return `${shopOrigin}/discount/${encodeURIComponent(code)}?redirect=${encodeURIComponent(returnTo)}`;
  }

  /** Codes created more than once (must stay empty). */
  get duplicates(): string[] {
    return [...this.creations].filter(([, times]) => times > 1).map(([code]) => code);
  }

  #create(code: RewardCode): string {
    const platformId = `gid://fake/DiscountCode/${this.#next++}`;
    this.codes.set(code.code, { platformId, active: true, spec: code });
    this.creations.set(code.code, (this.creations.get(code.code) ?? 0) + 1);
    return platformId;
  }

  #answer(): FakeAnswer | null {
    return this.script.shift() ?? this.always;
  }

  #fail(answer: FakeAnswer): never {
    if (answer === 'throttle') throw new PlatformThrottled(2_000);
    if (answer === 'refuse') throw new PlatformRefused('Discount code is already taken by another discount.');
    if (answer === 'unauthorized') throw new PlatformUnauthorized();
    throw new Error('The connection to the shop was reset.');
  }

  #wait(): Promise<void> {
    return this.latencyMs > 0 ? new Promise((resolve) => setTimeout(resolve, this.latencyMs)) : Promise.resolve();
  }
}
