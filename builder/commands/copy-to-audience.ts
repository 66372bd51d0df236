/** Copies a section's content of one audience over the other (member ⇄ visitor). */
import { current, isDraft } from 'immer';
import type { Audience } from '../../renderers/contract/index.ts';
import { defineCommand } from './command.ts';
import { sectionOf } from './section-lookup.ts';

export const copyToAudience = defineCommand<{ sectionId: string; from: Audience }>({
  name: 'copy-to-audience',
  perform(docs, { sectionId, from }) {
    const section = sectionOf(docs, sectionId);
    const source = section.content[from];
    const to: Audience = from === 'member' ? 'visitor' : 'member';
    if (JSON.stringify(isDraft(source) ? current(source) : source) === JSON.stringify(section.content[to])) return;
    section.content[to] = structuredClone(isDraft(source) ? current(source) : source);
  },
});
