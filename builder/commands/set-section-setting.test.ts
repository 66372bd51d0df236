import { describe, expect, it } from 'vitest';
import { setSectionSetting } from './set-section-setting.ts';
import { freshDocs, landing, runOn } from './testing.ts';

describe('set-section-setting', () => {
  it('sets a style colour and a layout value, shared by both audiences', () => {
    let docs = runOn(freshDocs(), setSectionSetting, { sectionId: 'banner', group: 'style', key: 'background_color', value: '#112233' });
    docs = runOn(docs, setSectionSetting, { sectionId: 'banner', group: 'layout', key: 'text_align', value: 'left' });
    const banner = landing(docs).sections[0]!;
    expect(banner.style.background_color).toBe('#112233');
    expect(banner.layout.text_align).toBe('left');
  });
  it('clears a setting with undefined so the theme applies', () => {
    let docs = runOn(freshDocs(), setSectionSetting, { sectionId: 'banner', group: 'style', key: 'font_size', value: 20 });
    docs = runOn(docs, setSectionSetting, { sectionId: 'banner', group: 'style', key: 'font_size', value: undefined });
    expect('font_size' in landing(docs).sections[0]!.style).toBe(false);
  });
});
