/** Inserts a copy of a section right after it, with a fresh id. */
import { current, isDraft } from 'immer';
import { docOf } from '../store/documents.ts';
import { defineCommand } from './command.ts';
import { freshSectionId, sectionIndex } from './section-lookup.ts';

export const duplicateSection = defineCommand<{ sectionId: string; newId?: string }>({
  name: 'duplicate-section',
  perform(docs, { sectionId, newId }) {
    const sections = docOf(docs, 'landing_page').sections;
    const index = sectionIndex(docs, sectionId);
    const source = sections[index]!;
    const copy = structuredClone(isDraft(source) ? current(source) : source);
    copy.id = newId ?? freshSectionId(sections, sectionId);
    if (sections.some((s) => s.id === copy.id)) throw new Error(`Section id "${copy.id}" is taken`);
    sections.splice(index + 1, 0, copy);
  },
});
