/** Moves a section to another position of the page. */
import { docOf } from '../store/documents.ts';
import { defineCommand, moveItem } from './command.ts';
import { sectionIndex } from './section-lookup.ts';

export const moveSection = defineCommand<{ sectionId: string; toIndex: number }>({
  name: 'move-section',
  perform(docs, { sectionId, toIndex }) {
    moveItem(docOf(docs, 'landing_page').sections, sectionIndex(docs, sectionId), toIndex);
  },
});
