import { describe, expect, it } from 'vitest';
import { moveListItem } from './move-list-item.ts';
import { freshDocs, landing, runOn } from './testing.ts';

const tiers = (docs: ReturnType<typeof freshDocs>) =>
  landing(docs)
    .sections.find((s) => s.id === 'vip-tiers')!
    .content.visitor.loyalty_tiers!.map((t) => t.id);

describe('move-list-item', () => {
  it('reorders a list', () => {
    const next = runOn(freshDocs(), moveListItem, { sectionId: 'vip-tiers', audience: 'visitor', field: 'loyalty_tiers', from: 2, to: 0 });
    expect(tiers(next)).toEqual(['gold', 'bronze', 'silver']);
  });
  it('moving to the same place is a no-op', () => {
    const docs = freshDocs();
    expect(runOn(docs, moveListItem, { sectionId: 'vip-tiers', audience: 'visitor', field: 'loyalty_tiers', from: 1, to: 1 })).toBe(docs);
  });
});
