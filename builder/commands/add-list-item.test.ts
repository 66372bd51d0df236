import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../renderers/contract/index.ts';
import { addListItem } from './add-list-item.ts';
import { LIST_FIELDS } from './list-items.ts';
import { freshDocs, landing, runOn } from './testing.ts';

const owner = {
  steps: 'how-it-works',
  earningMethods: 'ways-to-earn',
  redeemMethods: 'ways-to-redeem',
  loyalty_tiers: 'vip-tiers',
  events: 'timeline',
} as const;

describe('add-list-item', () => {
  it.each(LIST_FIELDS)('appends a valid blank item to %s', (field) => {
    const docs = freshDocs();
    const next = runOn(docs, addListItem, { sectionId: owner[field], audience: 'visitor', field });
    // a list the section does not carry yet (ways to earn draw the program's rules) starts empty
    const before = landing(docs).sections.find((s) => s.id === owner[field])!.content.visitor[field] ?? [];
    const after = landing(next).sections.find((s) => s.id === owner[field])!.content.visitor[field]!;
    expect(after.length).toBe(before.length + 1);
    expect(validateDocument('landing_page', landing(next)).ok).toBe(true);
  });
  it('gives items with ids a fresh id', () => {
    let docs = runOn(freshDocs(), addListItem, { sectionId: 'ways-to-earn', audience: 'member', field: 'earningMethods' });
    docs = runOn(docs, addListItem, { sectionId: 'ways-to-earn', audience: 'member', field: 'earningMethods' });
    const ids = landing(docs)
      .sections.find((s) => s.id === 'ways-to-earn')!
      .content.member.earningMethods!.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
