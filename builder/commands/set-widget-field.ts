/** Sets a top-level widget setting: widget type, program type, colours (theme: see set-theme). */
import type { Widget } from '../../renderers/contract/index.ts';
import { docOf } from '../store/documents.ts';
import { defineCommand } from './command.ts';

type WidgetField = 'widget_type' | 'program_type' | 'text_color' | 'background_color';
export type SetWidgetFieldArgs = { [K in WidgetField]: { key: K; value: Widget[K] } }[WidgetField];

export const setWidgetField = defineCommand<SetWidgetFieldArgs>({
  name: 'set-widget-field',
  perform(docs, { key, value }) {
    const widget = docOf(docs, 'widget') as Record<string, unknown>;
    if (widget[key] === value) return;
    widget[key] = value;
    // spec §4: the widget counts as changed once a type is chosen
    if (key === 'widget_type') widget.selected_widget_type = value;
  },
  coalesce: ({ key }) => `widget:${key}`,
});
