/** Sticky bar inspector: the bar's placement, height, theme and text; the drawer's texts of the previewed audience and (visitors) its join button's page. */
import { BAR_PLACEMENTS, DRAWER_TEXT_LABELS, STICKY_BAR_FIELD_LABELS, THEMES } from '../../renderers/contract/index.ts';
import { setStickyBarField, setTheme } from '../commands/index.ts';
import { NumberField, SelectField, SwitchField, TextField, UrlField } from '../fields/index.ts';
import { useBuilder } from '../store/store.ts';
import { THEME_LABELS } from './PageInspector.tsx';
import { useEdit } from './use-edit.ts';
import { CustomStyleGroup } from './CustomStyleGroup.tsx';

export function StickyBarInspector() {
  const { run, seal } = useEdit();
  const doc = useBuilder((s) => s.view.sticky_bar);
  const audience = useBuilder((s) => s.audience);
  if (!doc) return null;
  const group = audience === 'member' ? 'logged_in' : 'logged_out';
  const B = STICKY_BAR_FIELD_LABELS;
  return (
    <div className="bs-inspector__body">
      <h2 className="bs-inspector__title">Sticky bar</h2>
      <section className="bs-inspector__group" aria-labelledby="bs-bar-heading">
        <h3 id="bs-bar-heading">Bar</h3>
        <TextField
          label={B.text}
          value={doc.bar.text}
          maxLength={160}
          placeholders
          onChange={(value) => run(setStickyBarField, { part: 'bar', key: 'text', value })}
          onCommit={seal}
        />
        <SelectField
          label={B.placement}
          value={doc.bar.placement}
          options={BAR_PLACEMENTS}
          onChange={(v) => v && run(setStickyBarField, { part: 'bar', key: 'placement', value: v })}
        />
        <SwitchField
          label={B.overlay}
          checked={doc.bar.overlay === true}
          onChange={(value) => run(setStickyBarField, { part: 'bar', key: 'overlay', value })}
        />
        <p className="bs-muted">Off: the bar keeps its height free on the page, so your store's header stays visible. On: it lies over the page.</p>
        <NumberField
          label={B.height}
          unit="px"
          value={doc.bar.height}
          min={32}
          max={120}
          onChange={(v) => v !== undefined && run(setStickyBarField, { part: 'bar', key: 'height', value: v })}
          onCommit={seal}
        />
        <SelectField
          label={B.theme}
          value={doc.bar.theme}
          options={THEMES}
          optionLabels={THEME_LABELS}
          onChange={(v) => v && run(setTheme, { kind: 'sticky_bar', theme: v })}
        />
      </section>
      <section className="bs-inspector__group" aria-labelledby="bs-drawer-heading">
        <h3 id="bs-drawer-heading">
          Drawer <span className="bs-badge">{audience === 'member' ? 'Member (logged in)' : 'Visitor (logged out)'}</span>
        </h3>
        {(['primary_text', 'secondary_text'] as const).map((key) => (
          <TextField
            key={`${group}:${key}`}
            label={DRAWER_TEXT_LABELS[key]}
            value={doc.drawer[group][key]}
            multiline={key === 'secondary_text'}
            placeholders
            onChange={(value) => run(setStickyBarField, { part: 'drawer', group, key, value })}
            onCommit={seal}
          />
        ))}
        {audience === 'visitor' && (
          <UrlField
            label="Join button URL"
            value={doc.drawer.sign_up_url ?? ''}
            onChange={(value) => run(setStickyBarField, { part: 'drawer', key: 'sign_up_url', value })}
            onCommit={seal}
          />
        )}
      </section>
      <CustomStyleGroup surface="sticky_bar" />
    </div>
  );
}
