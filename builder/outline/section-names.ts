import { SECTION_LABELS, type SectionType } from '../../renderers/contract/index.ts';

/**
 * Item names: the section label, numbered when the page has several of the same type by the number
 * its id carries (`timeline-2` is "Timeline 2" wherever it sits), so a section dropped above
 * another of its type never renames it; ids without distinct numbers are numbered by position.
 */
export function sectionNames(sections: readonly { id: string; type: SectionType }[]): { id: string; name: string }[] {
  const ofType = new Map<SectionType, { id: string }[]>();
  for (const section of sections) ofType.set(section.type, [...(ofType.get(section.type) ?? []), section]);
  const numberOf = new Map<string, number>();
  for (const group of ofType.values()) {
    const carried = group.map(({ id }) => Number(/-(\d+)$/.exec(id)?.[1] ?? 1));
    const distinct = new Set(carried).size === carried.length;
    group.forEach(({ id }, index) => numberOf.set(id, distinct ? carried[index]! : index + 1));
  }
  return sections.map(({ id, type }) => {
    const n = numberOf.get(id) ?? 1;
    return { id, name: ofType.get(type)!.length > 1 && n > 1 ? `${SECTION_LABELS[type]} ${n}` : SECTION_LABELS[type] };
  });
}
