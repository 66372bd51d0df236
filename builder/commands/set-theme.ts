/** Chooses one of the four themes for a surface (landing page, widget or sticky bar). */
import type { ThemeName } from '../../renderers/contract/index.ts';
import { docOf } from '../store/documents.ts';
import { defineCommand } from './command.ts';

export const setTheme = defineCommand<{ kind: 'landing_page' | 'widget' | 'sticky_bar'; theme: ThemeName }>({
  name: 'set-theme',
  perform(docs, { kind, theme }) {
    if (kind === 'landing_page') {
      const doc = docOf(docs, 'landing_page');
      if (doc.theme !== theme) doc.theme = theme;
    } else if (kind === 'widget') {
      const doc = docOf(docs, 'widget');
      if (doc.theme_type !== theme) doc.theme_type = theme;
    } else {
      const doc = docOf(docs, 'sticky_bar');
      if (doc.bar.theme !== theme) doc.bar.theme = theme;
    }
  },
});
