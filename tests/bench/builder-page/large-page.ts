/** The bench document: a landing page of 40 sections and 200 nodes (sections + list items), in English or also in French. */
import { CURRENT_SCHEMA_VERSION, SECTION_TYPES, textEntries, type LandingPage, type Section } from '../../../renderers/contract/index.ts';
import { DEFAULT_PALETTE, sectionFromTemplate } from '../../../presets/index.ts';

const LISTS = ['steps', 'earningMethods', 'redeemMethods', 'loyalty_tiers', 'events'] as const;

function grow(section: Section, size: number): number {
  let added = 0;
  for (const audience of ['member', 'visitor'] as const) {
    const content = section.content[audience] as Record<string, unknown[] | undefined>;
    for (const key of LISTS) {
      const list = content[key];
      if (!list || list.length === 0) continue;
      const base = list[0] as Record<string, unknown>;
      const items = Array.from({ length: size }, (_, i) =>
        'id' in base ? { ...structuredClone(base), id: `${String(base.id)}-${i}` } : structuredClone(base),
      );
      content[key] = items;
      if (audience === 'visitor') added += size;
    }
  }
  return added;
}

export function largeLandingPage(sectionCount = 40, nodeTarget = 200): { doc: LandingPage; nodes: number } {
  const sections = Array.from({ length: sectionCount }, (_, i) => sectionFromTemplate(SECTION_TYPES[i % SECTION_TYPES.length]!, `s${i}`));
  let nodes = sections.length;
  const withLists = sections.filter((s) => LISTS.some((key) => (s.content.visitor[key]?.length ?? 0) > 0));
  const per = Math.floor((nodeTarget - nodes) / withLists.length);
  let remainder = nodeTarget - nodes - per * withLists.length;
  for (const section of withLists) {
    const size = per + (remainder > 0 ? 1 : 0);
    if (remainder > 0) remainder--;
    nodes += grow(section, size);
  }
  return { doc: { kind: 'landing_page', schemaVersion: CURRENT_SCHEMA_VERSION, theme: 'light', global: { ...DEFAULT_PALETTE }, sections }, nodes };
}

/** What every text of the bench page starts with in French. */
export const FRENCH_MARK = 'FR · ';

/** `doc` with a French translation of every one of its texts. */
export function withFrench(doc: LandingPage): LandingPage {
  return { ...doc, translations: { fr: Object.fromEntries(textEntries(doc).map(({ key, value }) => [key, FRENCH_MARK + value])) } };
}
