import { describe, expect, it } from 'vitest';
import { toggleVisible } from './toggle-visible.ts';
import { freshDocs, landing, runOn } from './testing.ts';

describe('toggle-visible', () => {
  it('flips visibility, or sets it explicitly', () => {
    const docs = freshDocs();
    const hidden = runOn(docs, toggleVisible, { sectionId: 'timeline' });
    expect(landing(hidden).sections.find((s) => s.id === 'timeline')!.visible).toBe(false);
    const shown = runOn(hidden, toggleVisible, { sectionId: 'timeline', visible: true });
    expect(landing(shown).sections.find((s) => s.id === 'timeline')!.visible).toBe(true);
  });
  it('setting the current value changes nothing (same object)', () => {
    const docs = freshDocs();
    expect(runOn(docs, toggleVisible, { sectionId: 'timeline', visible: true })).toBe(docs);
  });
});
