/**
 * Shapes shared by the surfaces' view modules (`launcher/view.ts`, `sticky-bar/view.ts`): what a
 * surface shows, computed once for its React drawing and the storefront loader's DOM drawing.
 * No React, no DOM.
 */

/**
 * An element's attributes as React spells them (`className`, aria-*, data-*, role, type…): React
 * spreads them as props, the loader's `el` sets them (`className` as `class`). Undefined ones
 * are left out.
 */
export type ViewAttributes = Record<string, string | undefined>;
