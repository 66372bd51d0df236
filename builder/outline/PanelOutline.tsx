/** The widget's panels (fixed order, spec §2) with a `Visible` switch each, and the launcher. */
import { PANEL_AUDIENCES, PANEL_KEYS, PANEL_LABELS, type PanelKey } from '../../renderers/contract/index.ts';
import { togglePanelVisible } from '../commands/index.ts';
import { useBuilder, useBuilderStore } from '../store/store.ts';

function PanelItem({ panel }: { panel: PanelKey }) {
  const store = useBuilderStore();
  const visible = useBuilder((s) => s.docs.widget?.panels[panel].visible ?? false);
  const selected = useBuilder((s) => s.selection === panel);
  const audiences = PANEL_AUDIENCES[panel] as readonly string[];
  const who = audiences.length === 2 ? '' : audiences[0] === 'member' ? 'Members' : 'Visitors';
  return (
    <li aria-label={PANEL_LABELS[panel]} className="bs-outline__item" data-selected={selected ? '' : undefined}>
      <button type="button" className="bs-outline__name" aria-pressed={selected} onClick={() => store.getState().select(panel)}>
        {PANEL_LABELS[panel]}
        {who && <span className="bs-muted"> · {who}</span>}
      </button>
      <button
        type="button"
        role="switch"
        aria-checked={visible}
        aria-label="Visible"
        className="bs-switch bs-switch--compact"
        onClick={() => store.getState().run(togglePanelVisible, { panel, visible: !visible })}
      >
        <span className="bs-switch__track" aria-hidden="true">
          <span className="bs-switch__thumb" />
        </span>
      </button>
    </li>
  );
}

export function PanelOutline() {
  const store = useBuilderStore();
  const launcherSelected = useBuilder((s) => s.selection === 'launcher');
  return (
    <nav className="bs-outline" aria-labelledby="bs-outline-heading">
      <div className="bs-outline__head">
        <h2 id="bs-outline-heading">Panels</h2>
        <button type="button" className="bs-link-button" onClick={() => store.getState().select(null)}>
          Widget settings
        </button>
      </div>
      <ul aria-label="Panels" className="bs-outline__list">
        {PANEL_KEYS.map((panel) => (
          <PanelItem key={panel} panel={panel} />
        ))}
      </ul>
      <h2>Launcher</h2>
      <button type="button" className="bs-outline__name" aria-pressed={launcherSelected} onClick={() => store.getState().select('launcher')}>
        Launcher settings
      </button>
    </nav>
  );
}
