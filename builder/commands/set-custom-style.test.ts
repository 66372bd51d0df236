import { describe, expect, it } from 'vitest';
import { setCustomStyle } from './set-custom-style.ts';
import { freshDocs, runOn } from './testing.ts';

describe('set-custom-style', () => {
  it("sets one surface's override and leaves the other surfaces alone", () => {
    let docs = runOn(freshDocs(), setCustomStyle, { surface: 'widget', key: 'accent_color', value: '#123456' });
    docs = runOn(docs, setCustomStyle, { surface: 'launcher', key: 'shadow', value: 'soft' });
    docs = runOn(docs, setCustomStyle, { surface: 'widget', key: 'font_scale', value: 110 });
    expect(docs.custom_style!.styles).toEqual({ widget: { accent_color: '#123456', font_scale: 110 }, launcher: { shadow: 'soft' } });
  });

  it('undefined removes an override; the last one removes the surface entry', () => {
    let docs = runOn(freshDocs(), setCustomStyle, { surface: 'sticky_bar', key: 'border_radius', value: 4 });
    docs = runOn(docs, setCustomStyle, { surface: 'sticky_bar', key: 'shadow', value: 'none' });
    docs = runOn(docs, setCustomStyle, { surface: 'sticky_bar', key: 'border_radius', value: undefined });
    expect(docs.custom_style!.styles).toEqual({ sticky_bar: { shadow: 'none' } });
    docs = runOn(docs, setCustomStyle, { surface: 'sticky_bar', key: 'shadow', value: undefined });
    expect(docs.custom_style!.styles).toEqual({});
  });

  it('the same value changes nothing (no new document, so no undo entry)', () => {
    const docs = runOn(freshDocs(), setCustomStyle, { surface: 'widget', key: 'accent_color', value: '#123456' });
    expect(runOn(docs, setCustomStyle, { surface: 'widget', key: 'accent_color', value: '#123456' })).toBe(docs);
    const plain = freshDocs();
    expect(runOn(plain, setCustomStyle, { surface: 'widget', key: 'shadow', value: undefined })).toBe(plain);
  });

  it('typing in one field of one surface is one history step', () => {
    expect(setCustomStyle.coalesce!({ surface: 'widget', key: 'accent_color', value: '#1' })).toBe(
      setCustomStyle.coalesce!({ surface: 'widget', key: 'accent_color', value: '#12' }),
    );
    expect(setCustomStyle.coalesce!({ surface: 'widget', key: 'accent_color', value: '#1' })).not.toBe(
      setCustomStyle.coalesce!({ surface: 'launcher', key: 'accent_color', value: '#1' }),
    );
  });
});
