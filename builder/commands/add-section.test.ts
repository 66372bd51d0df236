import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../renderers/contract/index.ts';
import { SECTION_TEMPLATES } from '../../presets/index.ts';
import { addSection } from './add-section.ts';
import { freshDocs, landing, runOn, sectionIds } from './testing.ts';

describe('add-section', () => {
  it('adds a section from the template after the given one, with a fresh id', () => {
    const docs = runOn(freshDocs(), addSection, { type: 'referral', afterId: 'banner' });
    expect(sectionIds(docs)[1]).toBe('referral-2');
    const added = landing(docs).sections[1]!;
    expect(added.type).toBe('referral');
    expect(added.content).toEqual(SECTION_TEMPLATES.referral.content);
    expect(validateDocument('landing_page', landing(docs)).ok).toBe(true);
  });
  it('appends at the end by default and never shares objects with the template', () => {
    const docs = runOn(freshDocs(), addSection, { type: 'header', id: 'extra' });
    const added = landing(docs).sections.at(-1)!;
    expect(added.id).toBe('extra');
    expect(added.content).not.toBe(SECTION_TEMPLATES.header.content);
  });
  it('adds at a position (a drop on the canvas), the first included', () => {
    const before = sectionIds(freshDocs());
    expect(sectionIds(runOn(freshDocs(), addSection, { type: 'timeline', id: 'dropped', index: 0 }))).toEqual(['dropped', ...before]);
    expect(sectionIds(runOn(freshDocs(), addSection, { type: 'timeline', id: 'dropped', index: 2, afterId: 'banner' }))[2]).toBe('dropped');
  });
  it('refuses a taken id', () => {
    expect(() => runOn(freshDocs(), addSection, { type: 'header', id: 'banner' })).toThrow(/taken/);
  });
});
