/** Sets one text of a widget panel for one audience; '' on an optional text removes it. */
import type { Audience, PanelKey, PanelTexts } from '../../renderers/contract/index.ts';
import { docOf } from '../store/documents.ts';
import { defineCommand, setAtPath } from './command.ts';

const REQUIRED: readonly (keyof PanelTexts)[] = ['title', 'body'];

export const setPanelText = defineCommand<{ panel: PanelKey; audience: Audience; key: keyof PanelTexts; value: string }>({
  name: 'set-panel-text',
  perform(docs, { panel, audience, key, value }) {
    const texts = (docOf(docs, 'widget').panels[panel] as Record<string, unknown>)[audience] as Record<string, unknown> | undefined;
    if (!texts) throw new Error(`The ${panel} panel has no ${audience} texts`);
    setAtPath(texts, [key], value === '' && !REQUIRED.includes(key) ? undefined : value);
  },
  coalesce: ({ panel, audience, key }) => `panel:${panel}:${audience}:${key}`,
});
