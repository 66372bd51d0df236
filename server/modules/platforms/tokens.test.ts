import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openToken, sealToken, sealedWithCurrentKey, TokenKeyMissing } from './tokens.ts';

describe('platform tokens at rest', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);

  it('seals a token so that the text never shows it, and opens it again', () => {
    const sealed = sealToken([oldKey], 'shpat_secret_token');
    expect(sealed).not.toContain('shpat');
    expect(sealed).not.toBe(sealToken([oldKey], 'shpat_secret_token'));
    expect(openToken([oldKey], sealed)).toBe('shpat_secret_token');
  });

  it('opens a token sealed under a retired key after a rotation, and says whether it needs resealing', () => {
    const sealed = sealToken([oldKey], 'token');
    const ring = [newKey, oldKey];
    expect(openToken(ring, sealed)).toBe('token');
    expect(sealedWithCurrentKey(ring, sealed)).toBe(false);
    expect(sealedWithCurrentKey(ring, sealToken(ring, 'token'))).toBe(true);
  });

  it('refuses a token whose key is gone, or that was tampered with', () => {
    const sealed = sealToken([oldKey], 'token');
    expect(() => openToken([newKey], sealed)).toThrow(TokenKeyMissing);
    const parts = sealed.split('.');
    parts[4] = Buffer.from('forged').toString('base64url');
    expect(() => openToken([oldKey], parts.join('.'))).toThrow();
  });
});
