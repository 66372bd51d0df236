/** The stylesheet the canvas injects into its frame: the same one the storefront gets. */
import { buildStylesheet } from '../../renderers/index.ts';
import { THEME_TOKENS } from '../../presets/index.ts';

export const RENDERER_STYLESHEET = buildStylesheet(THEME_TOKENS);
