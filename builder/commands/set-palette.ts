/** Sets one colour of the landing page's global palette. */
import type { Palette } from '../../renderers/contract/index.ts';
import { docOf } from '../store/documents.ts';
import { defineCommand } from './command.ts';

export const setPalette = defineCommand<{ key: keyof Palette; value: string }>({
  name: 'set-palette',
  perform(docs, { key, value }) {
    const palette = docOf(docs, 'landing_page').global;
    if (palette[key] !== value) palette[key] = value;
  },
  coalesce: ({ key }) => `palette:${key}`,
});
