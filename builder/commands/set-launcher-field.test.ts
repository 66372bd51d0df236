import { describe, expect, it } from 'vitest';
import { setLauncherField } from './set-launcher-field.ts';
import { freshDocs, runOn } from './testing.ts';

describe('set-launcher-field', () => {
  it('changes only the chosen device', () => {
    const docs = runOn(freshDocs(), setLauncherField, { device: 'mobile', key: 'launcher_title', value: 'Rewards' });
    expect(docs.launcher!.mobile.launcher_title).toBe('Rewards');
    expect(docs.launcher!.desktop.launcher_title).toBe('Get Rewarded');
  });
  it('sets numbers and enums', () => {
    let docs = runOn(freshDocs(), setLauncherField, { device: 'desktop', key: 'zoom', value: 120 });
    docs = runOn(docs, setLauncherField, { device: 'desktop', key: 'placement', value: 'right' });
    expect(docs.launcher!.desktop).toMatchObject({ zoom: 120, placement: 'right' });
  });
});
