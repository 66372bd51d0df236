/**
 * Sets one override of a surface's custom style (the studio's `custom_style` document);
 * `undefined` removes it, back to the theme. A surface left with no override loses its entry,
 * so the saved document holds only the styles that change something.
 */
import type { CustomWidgetStyle, StyledSurface } from '../../renderers/contract/index.ts';
import { docOf } from '../store/documents.ts';
import { defineCommand } from './command.ts';

type StyleKey = keyof CustomWidgetStyle;
export type SetCustomStyleArgs = { [K in StyleKey]: { surface: StyledSurface; key: K; value: CustomWidgetStyle[K] | undefined } }[StyleKey];

export const setCustomStyle = defineCommand<SetCustomStyleArgs>({
  name: 'set-custom-style',
  perform(docs, { surface, key, value }) {
    const { styles } = docOf(docs, 'custom_style');
    const style: Record<string, unknown> = styles[surface] ?? {};
    if (style[key] === value) return;
    if (value === undefined) delete style[key];
    else style[key] = value;
    if (Object.keys(style).length === 0) delete styles[surface];
    else styles[surface] = style as CustomWidgetStyle;
  },
  coalesce: ({ surface, key }) => `custom-style:${surface}:${key}`,
});
