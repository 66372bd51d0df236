/** Entry of `dist/embed/loader.js` (an IIFE): boots the embed from its own script tag. */
import { boot } from './loader.ts';

(() => {
  if (typeof document !== 'undefined') boot(document);
})();
