/** Appends a blank item to a list field of a section's content (one audience). */
import type { Audience } from '../../renderers/contract/index.ts';
import { defineCommand } from './command.ts';
import { blankItem, type ListField } from './list-items.ts';
import { sectionOf } from './section-lookup.ts';

export const addListItem = defineCommand<{ sectionId: string; audience: Audience; field: ListField }>({
  name: 'add-list-item',
  perform(docs, { sectionId, audience, field }) {
    const content = sectionOf(docs, sectionId).content[audience] as Record<string, unknown[] | undefined>;
    const list = (content[field] ??= []);
    list.push(blankItem(field, list));
  },
});
