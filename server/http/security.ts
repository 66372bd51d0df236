import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer, with a strict Content-Security-Policy for the console:
 * only our own origin, no inline scripts. Styles allow 'unsafe-inline' because libraries of the
 * console (react-colorful, the builder canvas) inject <style> tags; the builder canvas iframe is
 * same-origin ('self'). The visual email editor loads from editor.unlayer.com, so that origin is
 * allowed for scripts and frames only.
 */
const UNLAYER = 'https://editor.unlayer.com';

const CONSOLE_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", UNLAYER],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'", UNLAYER],
  frameAncestors: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/** Answers that may carry a token or a member's data: never kept by a browser or proxy cache. */
const NO_STORE = /^\/(api|data|auth)(\/|$|\?)/;

/**
 * The control panels that open the console in an iframe: BigCommerce's (`store-{hash}.mybigcommerce.com/manage`,
 * and its login host) when the single-click app is configured.
 */
export const BIGCOMMERCE_CONTROL_PANELS = ['https://*.bigcommerce.com', 'https://*.mybigcommerce.com'];

/**
 * Helmet's headers; Strict-Transport-Security only when the deployment says it is served over
 * HTTPS (BEHIND_HTTPS=1, config.behindHttps); `Cache-Control: no-store` on the console API, the
 * data host API and every /auth answer unless a route chose its own. `framedBy`: the other
 * origins allowed to frame the console (CSP frame-ancestors; X-Frame-Options, which cannot name
 * them, is then left out: browsers follow frame-ancestors over it).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { behindHttps: boolean; framedBy?: string[] }): Promise<void> {
  const framedBy = options.framedBy ?? [];
  app.addHook('onSend', async (request, reply) => {
    if (NO_STORE.test(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: { ...CONSOLE_CSP, frameAncestors: [...CONSOLE_CSP.frameAncestors, ...framedBy] } },
    xFrameOptions: framedBy.length === 0 ? { action: 'sameorigin' } : false,
    // the storefront embed and uploaded images are fetched cross-origin by shop pages
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
    hsts: options.behindHttps ? { maxAge: 31_536_000, includeSubDomains: true, preload: false } : false,
  });
}
