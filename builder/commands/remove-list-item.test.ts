import { describe, expect, it } from 'vitest';
import { removeListItem } from './remove-list-item.ts';
import { freshDocs, landing, runOn } from './testing.ts';

const steps = (docs: ReturnType<typeof freshDocs>) => landing(docs).sections.find((s) => s.id === 'how-it-works')!.content.member.steps!;

describe('remove-list-item', () => {
  it('removes the item at the index', () => {
    const docs = freshDocs();
    const next = runOn(docs, removeListItem, { sectionId: 'how-it-works', audience: 'member', field: 'steps', index: 0 });
    expect(steps(next)).toEqual(steps(docs).slice(1));
  });
  it('an index out of range is a no-op', () => {
    const docs = freshDocs();
    expect(runOn(docs, removeListItem, { sectionId: 'how-it-works', audience: 'member', field: 'steps', index: 9 })).toBe(docs);
  });
});
