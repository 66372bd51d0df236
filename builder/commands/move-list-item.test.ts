import { describe, expect, it } from 'vitest';
import { moveListItem } from './move-list-item.ts';
import { freshDocs, landing, runOn } from './testing.ts';

const steps = (docs: ReturnType<typeof freshDocs>) =>
  landing(docs)
    .sections.find((s) => s.id === 'how-it-works')!
    .content.visitor.steps!.map((step) => step.heading);

describe('move-list-item', () => {
  it('reorders a list', () => {
    const before = steps(freshDocs());
    const next = runOn(freshDocs(), moveListItem, { sectionId: 'how-it-works', audience: 'visitor', field: 'steps', from: 2, to: 0 });
    expect(steps(next)).toEqual([before[2], before[0], before[1]]);
  });
  it('moving to the same place is a no-op', () => {
    const docs = freshDocs();
    expect(runOn(docs, moveListItem, { sectionId: 'how-it-works', audience: 'visitor', field: 'steps', from: 1, to: 1 })).toBe(docs);
  });
});
