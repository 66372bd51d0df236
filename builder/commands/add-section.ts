/** Adds a section of `type` from the presets' template at `index`, or after `afterId` (or at the end). */
import type { SectionType } from '../../renderers/contract/index.ts';
import { sectionFromTemplate } from '../../presets/index.ts';
import { docOf } from '../store/documents.ts';
import { defineCommand } from './command.ts';
import { freshSectionId } from './section-lookup.ts';

export interface AddSectionArgs {
  type: SectionType;
  afterId?: string | undefined;
  /** position of the new section (a drop on the canvas); wins over `afterId` */
  index?: number | undefined;
  /** id of the new section; derived from the type when absent */
  id?: string | undefined;
}

export const addSection = defineCommand<AddSectionArgs>({
  name: 'add-section',
  perform(docs, { type, afterId, index, id }) {
    const sections = docOf(docs, 'landing_page').sections;
    const newId = id ?? freshSectionId(sections, type.replaceAll('_', '-'));
    if (sections.some((s) => s.id === newId)) throw new Error(`Section id "${newId}" is taken`);
    const after = afterId === undefined ? -1 : sections.findIndex((s) => s.id === afterId);
    const at = index !== undefined ? Math.max(0, Math.min(index, sections.length)) : after < 0 ? sections.length : after + 1;
    sections.splice(at, 0, sectionFromTemplate(type, newId));
  },
});

/** The id `addSection` will give a new section of `type` on this page. */
export const nextSectionId = (sections: readonly { id: string }[], type: SectionType) => freshSectionId(sections, type.replaceAll('_', '-'));
