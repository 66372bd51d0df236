/** Shows or hides a widget panel. */
import type { PanelKey } from '../../renderers/contract/index.ts';
import { docOf } from '../store/documents.ts';
import { defineCommand } from './command.ts';

export const togglePanelVisible = defineCommand<{ panel: PanelKey; visible?: boolean }>({
  name: 'toggle-panel-visible',
  perform(docs, { panel, visible }) {
    const target = docOf(docs, 'widget').panels[panel];
    const next = visible ?? !target.visible;
    if (target.visible !== next) target.visible = next;
  },
});
