export { Widget } from './Widget.tsx';
export type { WidgetProps } from './Widget.tsx';
export { availablePanels, homePanels } from './panels.ts';
export type { WidgetAction } from './panels.ts';
export { PANELS, type PanelDefinition } from './panel-views.tsx';
