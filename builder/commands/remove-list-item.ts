/** Removes the item at `index` from a list field of a section's content. */
import type { Audience } from '../../renderers/contract/index.ts';
import { defineCommand } from './command.ts';
import type { ListField } from './list-items.ts';
import { sectionOf } from './section-lookup.ts';

export const removeListItem = defineCommand<{ sectionId: string; audience: Audience; field: ListField; index: number }>({
  name: 'remove-list-item',
  perform(docs, { sectionId, audience, field, index }) {
    const list = (sectionOf(docs, sectionId).content[audience] as Record<string, unknown[] | undefined>)[field];
    if (list && index >= 0 && index < list.length) list.splice(index, 1);
  },
});
