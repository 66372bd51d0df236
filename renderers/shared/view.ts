/**
 * Shapes shared by the surfaces' view modules (`launcher/view.ts`, `sticky-bar/view.ts`): what a
 * surface shows, computed once for its React drawing and the storefront loader's DOM drawing.
 * No React, no DOM.
 */

/** Attributes spelled the same in React and in the DOM (aria-*, data-*, role, type…; never `class`). Undefined ones are left out. */
export type ViewAttributes = Record<string, string | undefined>;
