/**
 * Stand-in for zod in the storefront bundles. The embed never validates (the server validated
 * every document when it was saved), and the schemas the renderers' modules build at load are
 * marked pure and dropped (see pure-annotations.ts); should one survive, this inert chain keeps
 * it harmless instead of shipping zod (~30 KB gzip) to every store page.
 */
const inert: unknown = new Proxy(function inertZod() {}, {
  get: (_target, key) => (key === 'then' ? undefined : inert),
  apply: () => inert,
});

export const z = inert;
export default inert;
