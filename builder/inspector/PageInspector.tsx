/** Landing page settings when no section is selected: the theme and the global palette. */
import { THEMES, type Palette } from '../../renderers/contract/index.ts';
import { setPalette, setTheme } from '../commands/index.ts';
import { ColourField, SelectField } from '../fields/index.ts';
import { useBuilder } from '../store/store.ts';
import { useEdit } from './use-edit.ts';
import { CustomStyleGroup } from './CustomStyleGroup.tsx';

export const THEME_LABELS = {
  light: 'Light',
  'light-mobile': 'Light (mobile)',
  'light-high-contrast-experimental': 'Light high contrast (experimental)',
  'dark-experimental': 'Dark (experimental)',
} as const;

const PALETTE_LABELS: Record<keyof Palette, string> = { primary_color: 'Primary color', secondary_color: 'Secondary color', text_color: 'Text color' };

export function PageInspector() {
  const { run, seal } = useEdit();
  const theme = useBuilder((s) => s.docs.landing_page?.theme);
  const palette = useBuilder((s) => s.docs.landing_page?.global);
  if (!theme || !palette) return null;
  return (
    <div className="bs-inspector__body">
      <h2 className="bs-inspector__title">Page</h2>
      <p className="bs-muted">Select a section on the canvas or in the list to edit it.</p>
      <section className="bs-inspector__group" aria-labelledby="bs-theme-heading">
        <h3 id="bs-theme-heading">Theme and palette</h3>
        <SelectField
          label="Theme"
          value={theme}
          options={THEMES}
          optionLabels={THEME_LABELS}
          onChange={(v) => v && run(setTheme, { kind: 'landing_page', theme: v })}
        />
        {(Object.keys(PALETTE_LABELS) as (keyof Palette)[]).map((key) => (
          <ColourField key={key} label={PALETTE_LABELS[key]} value={palette[key]} onChange={(v) => v && run(setPalette, { key, value: v })} onCommit={seal} />
        ))}
      </section>
      <CustomStyleGroup surface="landing_page" />
    </div>
  );
}
