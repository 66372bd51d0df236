/**
 * The widget on the canvas as a store shows it open: over a neutral sample store page, the
 * launcher of the previewed device at its corner (placement, side and bottom offsets) and the
 * widget at its real size just above it — 400px wide on a desktop, as wide as the screen on a
 * phone (`.bs-store-corner` in canvas/decoration.ts), showing the selected panel. The widget,
 * its panels and the launcher are craft.js nodes (builder/craft); selecting a panel in the
 * outline opens it here; navigating in the preview selects it in the outline.
 */
import { useMemo, type CSSProperties } from 'react';
import { Launcher } from '../../renderers/index.ts';
import { PANEL_KEYS, type PanelKey } from '../../renderers/contract/index.ts';
import { CanvasOwner, useCanvasEditable } from '../canvas/editable.tsx';
import { CraftCanvas } from '../craft/CraftCanvas.tsx';
import type { WidgetView } from '../craft/resolver.tsx';
import { useBuilder, useBuilderStore } from '../store/store.ts';
import { usePreviewContext } from './preview-context.ts';
import { SamplePage } from './SamplePage.tsx';
import { widgetTextLocator, widgetTextCommit } from './text-commit.ts';

const isPanel = (id: string | null): id is PanelKey => id !== null && (PANEL_KEYS as readonly string[]).includes(id);

export function WidgetCanvas() {
  const store = useBuilderStore();
  const loaded = useBuilder((s) => Boolean(s.docs.widget));
  const theme = useBuilder((s) => s.docs.widget?.theme_type ?? 'light');
  const launcher = useBuilder((s) => s.view.launcher);
  const audience = useBuilder((s) => s.audience);
  const device = useBuilder((s) => s.device);
  const selection = useBuilder((s) => s.selection);
  const ctx = usePreviewContext(audience, device, theme);
  const commit = useMemo(() => widgetTextCommit(store), [store]);
  const editable = useCanvasEditable(commit, widgetTextLocator);
  const panel: PanelKey | 'home' = isPanel(selection) && selection !== 'header' ? selection : 'home';
  const view = useMemo<WidgetView>(
    () => ({
      panel,
      editable,
      onNavigate: (next) => store.getState().select(next === 'home' ? 'header' : next),
    }),
    [panel, editable, store],
  );
  const settings = launcher?.[device];
  const corner = settings && ({ '--bs-pb': `${settings.padding_bottom}px`, '--bs-ps': `${settings.padding_side}px` } as CSSProperties);
  return (
    <div className="bs-sample">
      <SamplePage />
      <div className="bs-store-corner" data-placement={settings?.placement ?? 'right'} style={corner}>
        {loaded && <CraftCanvas ctx={ctx} widgetView={view} />}
        {launcher && (
          <CanvasOwner
            id="launcher"
            type="launcher"
            node={
              <div className="bs-canvas-launcher">
                <Launcher doc={launcher} ctx={ctx} inline />
              </div>
            }
          />
        )}
      </div>
    </div>
  );
}
