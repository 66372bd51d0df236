import { describe, expect, it } from 'vitest';
import { deleteSection } from './delete-section.ts';
import { freshDocs, runOn, sectionIds } from './testing.ts';

describe('delete-section', () => {
  it('removes exactly that section', () => {
    const docs = freshDocs();
    const next = runOn(docs, deleteSection, { sectionId: 'referral' });
    expect(sectionIds(next)).toEqual(sectionIds(docs).filter((id) => id !== 'referral'));
  });
  it('refuses an unknown section', () => {
    expect(() => runOn(freshDocs(), deleteSection, { sectionId: 'ghost' })).toThrow(/No section/);
  });
});
