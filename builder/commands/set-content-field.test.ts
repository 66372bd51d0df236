import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../renderers/contract/index.ts';
import { setContentField } from './set-content-field.ts';
import { freshDocs, landing, runOn } from './testing.ts';

describe('set-content-field', () => {
  it('sets the title of one audience only', () => {
    const docs = freshDocs();
    const next = runOn(docs, setContentField, { sectionId: 'header', audience: 'visitor', path: ['title'], value: 'Hello' });
    const header = landing(next).sections.find((s) => s.id === 'header')!;
    expect(header.content.visitor.title).toBe('Hello');
    expect(header.content.member.title).toBe(landing(docs).sections.find((s) => s.id === 'header')!.content.member.title);
    expect(validateDocument('landing_page', landing(next)).ok).toBe(true);
  });
  it('sets nested and list paths, creating the button when missing', () => {
    const docs = runOn(freshDocs(), setContentField, { sectionId: 'how-it-works', audience: 'member', path: ['steps', 1, 'heading'], value: 'Collect' });
    expect(landing(docs).sections.find((s) => s.id === 'how-it-works')!.content.member.steps![1]!.heading).toBe('Collect');
    const withButton = runOn(docs, setContentField, { sectionId: 'how-it-works', audience: 'member', path: ['primary_button', 'label'], value: 'Go' });
    expect(landing(withButton).sections.find((s) => s.id === 'how-it-works')!.content.member.primary_button).toEqual({ label: 'Go' });
  });
  it('removes a field with undefined and refuses an unknown section', () => {
    const docs = runOn(freshDocs(), setContentField, { sectionId: 'header', audience: 'member', path: ['paragraph'], value: undefined });
    expect('paragraph' in landing(docs).sections.find((s) => s.id === 'header')!.content.member).toBe(false);
    expect(() => runOn(freshDocs(), setContentField, { sectionId: 'nope', audience: 'member', path: ['title'], value: 'x' })).toThrow(/No section/);
  });
  it('groups typing in the same field', () => {
    expect(setContentField.coalesce!({ sectionId: 'a', audience: 'member', path: ['title'], value: 'x' })).toBe(
      setContentField.coalesce!({ sectionId: 'a', audience: 'member', path: ['title'], value: 'xy' }),
    );
    expect(setContentField.coalesce!({ sectionId: 'a', audience: 'member', path: ['title'], value: 'x' })).not.toBe(
      setContentField.coalesce!({ sectionId: 'a', audience: 'visitor', path: ['title'], value: 'x' }),
    );
  });
});
