/** Reorders a list field of a section's content (steps, methods, tiers, events). */
import type { Audience } from '../../renderers/contract/index.ts';
import { defineCommand, moveItem } from './command.ts';
import type { ListField } from './list-items.ts';
import { sectionOf } from './section-lookup.ts';

export const moveListItem = defineCommand<{ sectionId: string; audience: Audience; field: ListField; from: number; to: number }>({
  name: 'move-list-item',
  perform(docs, { sectionId, audience, field, from, to }) {
    const list = (sectionOf(docs, sectionId).content[audience] as Record<string, unknown[] | undefined>)[field];
    if (list) moveItem(list, from, to);
  },
});
