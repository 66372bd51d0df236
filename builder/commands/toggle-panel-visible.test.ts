import { describe, expect, it } from 'vitest';
import { togglePanelVisible } from './toggle-panel-visible.ts';
import { freshDocs, runOn } from './testing.ts';

describe('toggle-panel-visible', () => {
  it('hides and shows a panel', () => {
    const hidden = runOn(freshDocs(), togglePanelVisible, { panel: 'vip' });
    expect(hidden.widget!.panels.vip.visible).toBe(false);
    expect(runOn(hidden, togglePanelVisible, { panel: 'vip' }).widget!.panels.vip.visible).toBe(true);
  });
  it('setting the current value is a no-op', () => {
    const docs = freshDocs();
    expect(runOn(docs, togglePanelVisible, { panel: 'vip', visible: true })).toBe(docs);
  });
});
