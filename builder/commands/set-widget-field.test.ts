import { describe, expect, it } from 'vitest';
import { setWidgetField } from './set-widget-field.ts';
import { freshDocs, runOn } from './testing.ts';

describe('set-widget-field', () => {
  it('choosing a widget type also records it as the selected type (spec §4)', () => {
    const docs = runOn(freshDocs(), setWidgetField, { key: 'widget_type', value: 'sidebar' });
    expect(docs.widget!.widget_type).toBe('sidebar');
    expect(docs.widget!.selected_widget_type).toBe('sidebar');
  });
  it('sets program type and colours', () => {
    let docs = runOn(freshDocs(), setWidgetField, { key: 'program_type', value: 'referrals' });
    docs = runOn(docs, setWidgetField, { key: 'background_color', value: '#000000' });
    expect(docs.widget).toMatchObject({ program_type: 'referrals', background_color: '#000000' });
  });
});
