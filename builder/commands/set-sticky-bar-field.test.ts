import { describe, expect, it } from 'vitest';
import { setStickyBarField } from './set-sticky-bar-field.ts';
import { freshDocs, runOn } from './testing.ts';

describe('set-sticky-bar-field', () => {
  it('sets bar settings', () => {
    let docs = runOn(freshDocs(), setStickyBarField, { part: 'bar', key: 'text', value: 'Join us' });
    docs = runOn(docs, setStickyBarField, { part: 'bar', key: 'placement', value: 'top' });
    expect(docs.sticky_bar!.bar).toMatchObject({ text: 'Join us', placement: 'top' });
  });
  it('sets a drawer text of one audience', () => {
    const docs = runOn(freshDocs(), setStickyBarField, { part: 'drawer', group: 'logged_in', key: 'primary_text', value: 'Hi' });
    expect(docs.sticky_bar!.drawer.logged_in.primary_text).toBe('Hi');
    expect(docs.sticky_bar!.drawer.logged_out.primary_text).toBe(freshDocs().sticky_bar!.drawer.logged_out.primary_text);
  });
  it("sets the drawer's sign-up page, for both audiences", () => {
    const docs = runOn(freshDocs(), setStickyBarField, { part: 'drawer', key: 'sign_up_url', value: 'https://shop.example/join' });
    expect(docs.sticky_bar!.drawer.sign_up_url).toBe('https://shop.example/join');
    expect(docs.sticky_bar!.drawer.logged_out).toEqual(freshDocs().sticky_bar!.drawer.logged_out);
  });
});
