/** Removes a section from the page. */
import { docOf } from '../store/documents.ts';
import { defineCommand } from './command.ts';
import { sectionIndex } from './section-lookup.ts';

export const deleteSection = defineCommand<{ sectionId: string }>({
  name: 'delete-section',
  perform(docs, { sectionId }) {
    docOf(docs, 'landing_page').sections.splice(sectionIndex(docs, sectionId), 1);
  },
});
