import { describe, expect, it } from 'vitest';
import { redactedUrl } from './request-log.ts';

describe('the logged URL of a request', () => {
  it('masks the values of the credentials a query carries, and keeps the rest as it came', () => {
    expect(redactedUrl('/platforms/shopify/callback?code=abc123&shop=a.myshopify.com&state=xyz&hmac=ff')).toBe(
      '/platforms/shopify/callback?code=[redacted]&shop=a.myshopify.com&state=[redacted]&hmac=ff',
    );
    expect(redactedUrl('/platforms/bigcommerce/load?signed_payload_jwt=eyJ.a.b')).toBe('/platforms/bigcommerce/load?signed_payload_jwt=[redacted]');
    expect(redactedUrl('/storefront/v1/s/member?customer_id=7&digest=00ff&customer_jwt=eyJ')).toBe(
      '/storefront/v1/s/member?customer_id=7&digest=[redacted]&customer_jwt=[redacted]',
    );
  });

  it('masks a credential however its name is spelled in the query: encoded, repeated, without a value', () => {
    expect(redactedUrl('/auth-check?%63ode=abc&code=def&code')).toBe('/auth-check?%63ode=[redacted]&code=[redacted]&code=[redacted]');
  });

  it('leaves an address without a query or without credentials unchanged', () => {
    expect(redactedUrl('/api/v1/apps')).toBe('/api/v1/apps');
    expect(redactedUrl('/auth/login?code_challenge=abc&redirect=%2Fhome')).toBe('/auth/login?code_challenge=abc&redirect=%2Fhome');
    expect(redactedUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=1');
  });
});
