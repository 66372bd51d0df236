import { describe, expect, it } from 'vitest';
import { duplicateSection } from './duplicate-section.ts';
import { freshDocs, landing, runOn, sectionIds } from './testing.ts';

describe('duplicate-section', () => {
  it('inserts a deep copy right after the original with a new id', () => {
    const docs = runOn(freshDocs(), duplicateSection, { sectionId: 'header' });
    const ids = sectionIds(docs);
    expect(ids.slice(1, 3)).toEqual(['header', 'header-2']);
    const [original, copy] = [landing(docs).sections[1]!, landing(docs).sections[2]!];
    expect(copy.content).toEqual(original.content);
    expect(copy.content).not.toBe(original.content);
    expect(new Set(ids).size).toBe(ids.length);
  });
  it('a second copy gets the next free id', () => {
    const twice = runOn(runOn(freshDocs(), duplicateSection, { sectionId: 'header' }), duplicateSection, { sectionId: 'header' });
    expect(sectionIds(twice)).toContain('header-3');
  });
});
