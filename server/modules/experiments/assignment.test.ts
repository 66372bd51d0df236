import { describe, expect, it } from 'vitest';
import { bucketOf, shopperKeyOf, variantFor } from './assignment.ts';

const keys = Array.from({ length: 10_000 }, (_, index) => `anon:shopper-${index}`);

describe('stable assignment of shoppers to variants', () => {
  it('gives the same shopper the same variant every time', () => {
    for (const key of keys.slice(0, 200)) expect(variantFor(7, key, 50)).toBe(variantFor(7, key, 50));
    // a known value: fixed by SHA-256, so a change of the hashing shows here
    expect(bucketOf(1, 'anon:0123456789abcdef')).toBe(10);
    expect(bucketOf(2, 'anon:0123456789abcdef')).toBe(43);
    expect(variantFor(1, 'anon:0123456789abcdef', 11)).toBe('b');
    expect(variantFor(1, 'anon:0123456789abcdef', 10)).toBe('a');
  });

  it('sends about the split to B', () => {
    for (const split of [1, 10, 50, 90, 99]) {
      const share = keys.filter((key) => variantFor(3, key, split) === 'b').length / keys.length;
      expect(Math.abs(share - split / 100)).toBeLessThan(0.02);
    }
  });

  it('keeps a B shopper in B when the split grows, and draws each experiment apart', () => {
    const inB = keys.filter((key) => variantFor(3, key, 20) === 'b');
    expect(inB.every((key) => variantFor(3, key, 60) === 'b')).toBe(true);
    const same = keys.filter((key) => variantFor(3, key, 50) === variantFor(4, key, 50)).length / keys.length;
    expect(Math.abs(same - 0.5)).toBeLessThan(0.03);
  });

  it('keys a shopper by the anonymous id first, then the customer; none without either', () => {
    expect(shopperKeyOf('abcdefgh-1234', 'cust-9')).toBe('anon:abcdefgh-1234');
    expect(shopperKeyOf(undefined, 'cust-9')).toBe('customer:cust-9');
    expect(shopperKeyOf('bad id!', 'cust-9')).toBe('customer:cust-9');
    expect(shopperKeyOf('short', undefined)).toBeNull();
    expect(shopperKeyOf(undefined, undefined)).toBeNull();
  });
});
