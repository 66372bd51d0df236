/**
 * The settings contract: zod schemas, types and migrations of every document Loyalty Studio
 * saves for on-site display. Imports only zod — safe for the server, the builder and the
 * storefront bundles alike.
 */
export * from './colour.ts';
export * from './primitives.ts';
export * from './placeholders.ts';
export * from './theme.ts';
export * from './section-options.ts';
export * from './landing.ts';
export * from './section-fields.ts';
export * from './widget.ts';
export * from './launcher.ts';
export * from './sticky-bar.ts';
export * from './product-page.ts';
export * from './custom-style.ts';
export * from './email-template.ts';
export * from './email-document.ts';
export * from './errors.ts';
export * from './documents.ts';
export * from './migrations.ts';
export * from './migrate.ts';
export * from './readability.ts';
export * from './labels.ts';
export * from './surfaces.ts';
export * from './languages.ts';
export * from './translations.ts';
