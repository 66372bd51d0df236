/**
 * The BigCommerce stand-in of the browser tests: started once by scripts/e2e-servers.mjs beside
 * the servers (which it configures as the app registered with it), and reached by the specs.
 */
import { startBigCommerceStandIn } from './stand-in.ts';

export const E2E_BIGCOMMERCE = { clientId: 'e2e-bigcommerce-app', clientSecret: 'e2e-bigcommerce-client-secret' };

/** The stand-in's port: beside the first server's (E2E_PORT + 60; the Shopify stand-in is on + 50), so neighbouring runs never collide. */
export const standInPort = (firstPort: number) => firstPort + 60;

export const standInUrl = (firstPort: number) => `http://127.0.0.1:${standInPort(firstPort)}`;

/** Starts the stand-in; answers the environment the servers take to use it (PLATFORM_TOKEN_KEY is the e2e servers' own). */
export async function startE2eStandIn(firstPort: number): Promise<Record<string, string>> {
  const standIn = await startBigCommerceStandIn({ ...E2E_BIGCOMMERCE, port: standInPort(firstPort) });
  return {
    BIGCOMMERCE_CLIENT_ID: E2E_BIGCOMMERCE.clientId,
    BIGCOMMERCE_CLIENT_SECRET: E2E_BIGCOMMERCE.clientSecret,
    BIGCOMMERCE_LOGIN_URL: standIn.url,
    BIGCOMMERCE_API_URL: standIn.url,
  };
}
