/** Inspector labels of the widget, launcher, sticky bar and custom style settings (DESIGN.md §4: fields are labelled by their setting). */
import type { CustomWidgetStyle } from './custom-style.ts';
import type { LauncherSettings } from './launcher.ts';
import type { DrawerTexts, StickyBar } from './sticky-bar.ts';
import type { PanelTexts, Widget } from './widget.ts';

export const PANEL_TEXT_LABELS = {
  title: 'Title',
  body: 'Body',
  primary_button_label: 'Primary button label',
  primary_button_url: 'Primary button URL',
  secondary_button_label: 'Secondary button label',
  secondary_button_url: 'Secondary button URL',
  input_placeholder: 'Input placeholder',
} as const satisfies Record<keyof PanelTexts, string>;

export const WIDGET_FIELD_LABELS = {
  widget_type: 'Widget type',
  program_type: 'Program type',
  selected_widget_type: 'Selected widget type',
  theme_type: 'Theme',
  text_color: 'Text color',
  background_color: 'Background color',
} as const satisfies Partial<Record<keyof Widget, string>>;

export const LAUNCHER_FIELD_LABELS = {
  zoom: 'Zoom',
  launcher_type: 'Launcher type',
  padding_bottom: 'Padding bottom',
  padding_side: 'Padding side',
  launcher_title: 'Launcher title',
  background_color: 'Background color',
  text_color: 'Text color',
  icon: 'Icon',
  icon_type: 'Icon type',
  placement: 'Placement',
  shape: 'Shape',
  z_index: 'Z-index',
} as const satisfies Record<keyof LauncherSettings, string>;

export const STICKY_BAR_FIELD_LABELS = {
  placement: 'Placement',
  height: 'Height',
  theme: 'Theme',
  text: 'Text',
  overlay: 'Overlay the page',
} as const satisfies Record<keyof StickyBar['bar'], string>;

export const DRAWER_TEXT_LABELS = {
  primary_text: 'Primary text',
  secondary_text: 'Secondary text',
} as const satisfies Record<keyof DrawerTexts, string>;

/** The custom style of a surface (the inspector's "Custom style" group); empty fields fall back to the theme. */
export const CUSTOM_STYLE_FIELD_LABELS = {
  font_family: 'Font',
  font_scale: 'Font size',
  border_radius: 'Corner radius',
  button_radius: 'Button radius',
  shadow: 'Shadow',
  accent_color: 'Accent color',
  accent_text_color: 'Accent text color',
  link_color: 'Link color',
  surface_color: 'Card color',
  surface_text_color: 'Card text color',
  border_color: 'Border color',
} as const satisfies Record<keyof CustomWidgetStyle, string>;
