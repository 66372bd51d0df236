import { describe, expect, it } from 'vitest';
import { setPalette } from './set-palette.ts';
import { freshDocs, landing, runOn } from './testing.ts';

describe('set-palette', () => {
  it('sets one palette colour', () => {
    const docs = runOn(freshDocs(), setPalette, { key: 'primary_color', value: '#224466' });
    expect(landing(docs).global).toMatchObject({ primary_color: '#224466', secondary_color: '#d9d64d' });
  });
  it('same colour is a no-op', () => {
    const docs = freshDocs();
    expect(runOn(docs, setPalette, { key: 'text_color', value: landing(docs).global.text_color })).toBe(docs);
  });
});
