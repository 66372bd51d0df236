import { describe, expect, it } from 'vitest';
import { moveSection } from './move-section.ts';
import { freshDocs, runOn, sectionIds } from './testing.ts';

describe('move-section', () => {
  it('moves a section down and up', () => {
    const docs = freshDocs();
    const [first, second, third] = sectionIds(docs);
    const moved = runOn(docs, moveSection, { sectionId: first!, toIndex: 2 });
    expect(sectionIds(moved).slice(0, 3)).toEqual([second, third, first]);
    expect(sectionIds(runOn(moved, moveSection, { sectionId: first!, toIndex: 0 }))).toEqual(sectionIds(docs));
  });
  it('clamps the target and keeps every section', () => {
    const docs = freshDocs();
    const moved = runOn(docs, moveSection, { sectionId: sectionIds(docs)[0]!, toIndex: 99 });
    expect(sectionIds(moved).at(-1)).toBe(sectionIds(docs)[0]);
    expect([...sectionIds(moved)].sort()).toEqual([...sectionIds(docs)].sort());
  });
  it('a move to the same place is a no-op', () => {
    const docs = freshDocs();
    expect(runOn(docs, moveSection, { sectionId: 'header', toIndex: 1 })).toBe(docs);
  });
});
