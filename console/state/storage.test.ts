import { describe, expect, it, vi } from 'vitest';
import { createSafeStorage, isQuotaExceeded } from './storage.ts';

const quotaError = () => Object.assign(new Error('full'), { name: 'QuotaExceededError' });

/** A Storage whose setItem fails the first `failures` times. */
function flakyStorage(failures: number) {
  const data = new Map<string, string>([['other', 'x']]);
  let left = failures;
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: vi.fn((k: string, v: string) => {
      if (left-- > 0) throw quotaError();
      data.set(k, v);
    }),
    removeItem: (k: string) => {
      data.delete(k);
    },
    clear: vi.fn(() => data.clear()),
  };
  return { data, storage: storage as unknown as Storage & typeof storage };
}

describe('local storage quota exceeded: clear and retry once, then only log (spec §8)', () => {
  it.each([
    ['no failure: written, nothing cleared', 0, 1, 0, true, 0],
    ['one failure: cleared, retried, written', 1, 2, 1, true, 0],
    ['two failures: cleared, retried once, then only logged', 2, 2, 1, false, 1],
  ])('%s', (_name, failures, writes, clears, written, logs) => {
    const { data, storage } = flakyStorage(failures);
    const log = vi.fn();
    const safe = createSafeStorage(() => storage, log);
    expect(() => safe.setItem('root', '{"a":1}')).not.toThrow();
    expect(storage.setItem).toHaveBeenCalledTimes(writes);
    expect(storage.clear).toHaveBeenCalledTimes(clears);
    expect(data.get('root') === '{"a":1}').toBe(written);
    expect(log).toHaveBeenCalledTimes(logs);
  });

  it('other write errors are logged, never cleared', () => {
    const { storage } = flakyStorage(0);
    storage.setItem.mockImplementationOnce(() => {
      throw new Error('denied');
    });
    const log = vi.fn();
    createSafeStorage(() => storage, log).setItem('root', 'x');
    expect(storage.clear).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledTimes(1);
  });

  it.each([
    [Object.assign(new Error('x'), { name: 'QuotaExceededError' }), true],
    [Object.assign(new Error('x'), { name: 'NS_ERROR_DOM_QUOTA_REACHED' }), true],
    [Object.assign(new Error('x'), { code: 22 }), true],
    [new Error('other'), false],
    ['string', false],
  ])('isQuotaExceeded(%s) → %s', (error, quota) => {
    expect(isQuotaExceeded(error)).toBe(quota);
  });
});
