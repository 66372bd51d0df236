/**
 * For a test file of the BigCommerce module: the stand-in (closed when the file ends), a client of
 * its `/_test` calls, and the platforms' config that points a server under test at it.
 */
import { randomBytes } from 'node:crypto';
import { afterAll } from 'vitest';
import { standInClient } from './client.ts';
import { startBigCommerceStandIn } from './stand-in.ts';

export async function bigcommerceStandInForFile() {
  const standIn = await startBigCommerceStandIn({ clientId: 'bc-client-id', clientSecret: 'bc-client-secret' });
  afterAll(() => standIn.close());
  const platforms = {
    tokenKeys: [randomBytes(32)],
    shopify: null,
    bigcommerce: { clientId: standIn.clientId, clientSecret: standIn.clientSecret, loginUrl: standIn.url },
    bigcommerceApiUrl: standIn.url,
  };
  return { standIn, bc: standInClient(standIn.url), platforms };
}
