import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compressBody, preferredEncoding, varyWithEncoding } from './compression.ts';

describe('content encoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['BR', 'br'],
    ['gzip;q=0, br;q=0', undefined],
    ['*', 'br'],
    ['*;q=0.1, gzip', 'gzip'],
    ['br;q=0, *', 'gzip'],
  ])('Accept-Encoding %j → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it('adds accept-encoding to Vary once, keeping what it named', () => {
    expect(varyWithEncoding(undefined)).toBe('accept-encoding');
    expect(varyWithEncoding('Origin')).toBe('Origin, accept-encoding');
    expect(varyWithEncoding('origin, Accept-Encoding')).toBe('origin, Accept-Encoding');
    expect(varyWithEncoding('*')).toBe('*');
  });

  it('compresses to bytes that decompress to the same body', async () => {
    const body = Buffer.from(JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Reward ${i}` })) }));
    const br = await compressBody(body, 'br');
    const gzip = await compressBody(body, 'gzip');
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(gunzipSync(gzip).equals(body)).toBe(true);
    expect(br.length).toBeLessThan(body.length / 4);
  });
});
