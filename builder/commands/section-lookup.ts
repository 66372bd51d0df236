/** Finding a landing page section inside a draft. */
import { isDraft, original, type Draft } from 'immer';
import type { Section } from '../../renderers/contract/index.ts';
import { docOf, type SurfaceDocs } from '../store/documents.ts';

export function sectionIndex(docs: Draft<SurfaceDocs>, sectionId: string): number {
  const sections = docOf(docs, 'landing_page').sections;
  // search the original array: walking the draft would create a proxy per section
  const base = (isDraft(sections) ? original(sections) : sections) as readonly { id: string }[];
  const index = base.findIndex((s) => s.id === sectionId);
  if (index < 0) throw new Error(`No section "${sectionId}"`);
  return index;
}

export function sectionOf(docs: Draft<SurfaceDocs>, sectionId: string): Draft<Section> {
  return docOf(docs, 'landing_page').sections[sectionIndex(docs, sectionId)]!;
}

/** A section id not used by the page yet, derived from `base`. */
export function freshSectionId(sections: readonly { id: string }[], base: string): string {
  const taken = new Set(sections.map((s) => s.id));
  const stem =
    base
      .replace(/[^A-Za-z0-9_-]/g, '-')
      .replace(/-\d+$/, '')
      .slice(0, 56) || 'section';
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) if (!taken.has(`${stem}-${n}`)) return `${stem}-${n}`;
}
