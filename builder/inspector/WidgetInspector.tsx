/**
 * Widget studio inspector: the selected panel's texts for the previewed audience, the launcher
 * of the previewed device, or (nothing selected) the widget's type, program type, theme and colours.
 */
import {
  LAUNCHER_FIELD_LABELS,
  LAUNCHER_PLACEMENTS,
  LAUNCHER_SHAPES,
  LAUNCHER_TYPES,
  ICON_TYPES,
  PANEL_AUDIENCES,
  PANEL_LABELS,
  PANEL_TEXT_LABELS,
  PROGRAM_TYPES,
  THEMES,
  WIDGET_FIELD_LABELS,
  WIDGET_TYPES,
  type LauncherSettings,
  type PanelKey,
  type PanelTexts,
} from '../../renderers/contract/index.ts';
import { PANELS } from '../../renderers/widget/index.ts';
import { setLauncherField, setPanelText, setTheme, setWidgetField, togglePanelVisible } from '../commands/index.ts';
import { ColourField, IconField, NumberField, SelectField, SwitchField, TextField, UrlField } from '../fields/index.ts';
import { useBuilder, useBuilderStore } from '../store/store.ts';
import { THEME_LABELS } from './PageInspector.tsx';
import { CustomStyleGroup } from './CustomStyleGroup.tsx';
import { useEdit } from './use-edit.ts';

export function PanelInspector({ panel }: { panel: PanelKey }) {
  const { run, seal } = useEdit();
  const store = useBuilderStore();
  const audience = useBuilder((s) => s.audience);
  const state = useBuilder((s) => s.view.widget?.panels[panel]) as { visible: boolean; member?: PanelTexts; visitor?: PanelTexts } | undefined;
  if (!state) return null;
  const texts = state[audience];
  const audiences = PANEL_AUDIENCES[panel] as readonly string[];
  return (
    <div className="bs-inspector__body">
      <h2 className="bs-inspector__title">{PANEL_LABELS[panel]}</h2>
      <SwitchField label="Visible" checked={state.visible} onChange={(visible) => run(togglePanelVisible, { panel, visible })} />
      {texts ? (
        <section className="bs-inspector__group" aria-labelledby="bs-panel-content">
          <h3 id="bs-panel-content">
            Content <span className="bs-badge">{audience === 'member' ? 'Member' : 'Visitor'}</span>
          </h3>
          {PANELS[panel].texts.map((key) =>
            key.endsWith('_url') ? (
              <UrlField
                key={`${audience}:${key}`}
                label={PANEL_TEXT_LABELS[key]}
                value={texts[key] ?? ''}
                onChange={(value) => run(setPanelText, { panel, audience, key, value })}
                onCommit={seal}
              />
            ) : (
              <TextField
                key={`${audience}:${key}`}
                label={PANEL_TEXT_LABELS[key]}
                value={texts[key] ?? ''}
                multiline={key === 'body'}
                placeholders
                onChange={(value) => run(setPanelText, { panel, audience, key, value })}
                onCommit={seal}
              />
            ),
          )}
        </section>
      ) : (
        <p className="bs-muted">
          Only {audiences.includes('member') ? 'members' : 'visitors'} see this panel.{' '}
          <button type="button" className="bs-link-button" onClick={() => store.getState().setAudience(audiences.includes('member') ? 'member' : 'visitor')}>
            Preview as {audiences.includes('member') ? 'Member' : 'Visitor'}
          </button>
        </p>
      )}
    </div>
  );
}

export function LauncherInspector() {
  const { run, seal } = useEdit();
  const device = useBuilder((s) => s.device);
  const settings = useBuilder((s) => s.view.launcher?.[device]);
  if (!settings) return null;
  const set = <K extends keyof LauncherSettings>(key: K, value: LauncherSettings[K]) => run(setLauncherField, { device, key, value } as never);
  const L = LAUNCHER_FIELD_LABELS;
  return (
    <div className="bs-inspector__body" key={device}>
      <h2 className="bs-inspector__title">
        Launcher <span className="bs-badge">{device === 'desktop' ? 'Desktop' : 'Mobile'}</span>
      </h2>
      <p className="bs-muted">Each device has its own launcher. Switch Device to edit the other one.</p>
      <TextField label={L.launcher_title} value={settings.launcher_title} maxLength={60} onChange={(v) => set('launcher_title', v)} onCommit={seal} />
      <SelectField
        label={L.launcher_type}
        value={settings.launcher_type}
        options={LAUNCHER_TYPES}
        optionLabels={{ icon: 'Icon', text: 'Text', icon_text: 'Icon and text' }}
        onChange={(v) => v && set('launcher_type', v)}
      />
      <SelectField label={L.icon_type} value={settings.icon_type} options={ICON_TYPES} onChange={(v) => v && set('icon_type', v)} />
      {settings.icon_type === 'custom' ? (
        <UrlField label={L.icon} value={settings.icon} onChange={(v) => set('icon', v)} onCommit={seal} />
      ) : (
        <IconField label={L.icon} value={settings.icon} onChange={(v) => set('icon', v)} onCommit={seal} />
      )}
      <ColourField label={L.background_color} value={settings.background_color} onChange={(v) => v && set('background_color', v)} onCommit={seal} />
      <ColourField label={L.text_color} value={settings.text_color} onChange={(v) => v && set('text_color', v)} onCommit={seal} />
      <SelectField label={L.placement} value={settings.placement} options={LAUNCHER_PLACEMENTS} onChange={(v) => v && set('placement', v)} />
      <SelectField label={L.shape} value={settings.shape} options={LAUNCHER_SHAPES} onChange={(v) => v && set('shape', v)} />
      <NumberField label={L.zoom} unit="%" value={settings.zoom} min={50} max={200} onChange={(v) => v !== undefined && set('zoom', v)} onCommit={seal} />
      <NumberField
        label={L.padding_bottom}
        unit="px"
        value={settings.padding_bottom}
        min={0}
        max={200}
        onChange={(v) => v !== undefined && set('padding_bottom', v)}
        onCommit={seal}
      />
      <NumberField
        label={L.padding_side}
        unit="px"
        value={settings.padding_side}
        min={0}
        max={200}
        onChange={(v) => v !== undefined && set('padding_side', v)}
        onCommit={seal}
      />
      <NumberField
        label={L.z_index}
        value={settings.z_index}
        min={0}
        max={2_147_483_647}
        onChange={(v) => v !== undefined && set('z_index', v)}
        onCommit={seal}
      />
      <CustomStyleGroup surface="launcher" note="One style for both devices." />
    </div>
  );
}

export function WidgetSettingsInspector() {
  const { run, seal } = useEdit();
  const widget = useBuilder((s) => s.view.widget);
  if (!widget) return null;
  const W = WIDGET_FIELD_LABELS;
  return (
    <div className="bs-inspector__body">
      <h2 className="bs-inspector__title">Widget</h2>
      <p className="bs-muted">Select a panel or the launcher to edit it.</p>
      <SelectField
        label={W.widget_type}
        value={widget.widget_type}
        options={WIDGET_TYPES}
        onChange={(v) => v && run(setWidgetField, { key: 'widget_type', value: v })}
      />
      <SelectField
        label={W.program_type}
        value={widget.program_type}
        options={PROGRAM_TYPES}
        optionLabels={{ points: 'Points', referrals: 'Referrals', points_and_referrals: 'Points and referrals' }}
        onChange={(v) => v && run(setWidgetField, { key: 'program_type', value: v })}
      />
      <SelectField
        label={W.theme_type}
        value={widget.theme_type}
        options={THEMES}
        optionLabels={THEME_LABELS}
        onChange={(v) => v && run(setTheme, { kind: 'widget', theme: v })}
      />
      <ColourField
        label={W.background_color}
        value={widget.background_color}
        onChange={(v) => v && run(setWidgetField, { key: 'background_color', value: v })}
        onCommit={seal}
      />
      <ColourField label={W.text_color} value={widget.text_color} onChange={(v) => v && run(setWidgetField, { key: 'text_color', value: v })} onCommit={seal} />
      <CustomStyleGroup surface="widget" />
    </div>
  );
}
