/** The Style and Layout groups of a section (shared by both audiences), labelled by their setting. */
import { SECTION_FIELD_META, SECTION_FIELDS, type FieldMeta, type Section, type SectionLayout, type SectionStyle } from '../../renderers/schema/index.ts';
import { setSectionSetting } from '../commands/index.ts';
import { ColourField, NumberField, SelectField, SwitchField } from '../fields/index.ts';
import { useEdit } from './use-edit.ts';

function SettingField({ meta, value, onChange, seal }: { meta: FieldMeta; value: unknown; onChange(value: unknown): void; seal(): void }) {
  switch (meta.control) {
    case 'colour': return <ColourField label={meta.label} value={value as string | undefined} optional onChange={onChange} onCommit={seal} />;
    case 'number': return <NumberField label={meta.label} value={value as number | undefined} min={meta.min} max={meta.max} unit={meta.unit} optional onChange={onChange} onCommit={seal} />;
    case 'select': return <SelectField label={meta.label} value={value as string | undefined} options={meta.options} optional onChange={onChange} />;
    case 'switch': return <SwitchField label={meta.label} checked={value === true} onChange={onChange} />;
    default: return null;
  }
}

export function StyleFields({ section }: { section: Section }) {
  const { run, seal } = useEdit();
  return (
    <>
      {SECTION_FIELDS[section.type].style.map((key) => (
        <SettingField key={key} meta={SECTION_FIELD_META.style[key]} value={section.style[key]} seal={seal}
          onChange={(value) => run(setSectionSetting, { sectionId: section.id, group: 'style', key, value: value as SectionStyle[keyof SectionStyle] })} />
      ))}
    </>
  );
}

export function LayoutFields({ section }: { section: Section }) {
  const { run, seal } = useEdit();
  return (
    <>
      {SECTION_FIELDS[section.type].layout.map((key) => (
        <SettingField key={key} meta={SECTION_FIELD_META.layout[key]} value={section.layout[key]} seal={seal}
          onChange={(value) => run(setSectionSetting, { sectionId: section.id, group: 'layout', key, value: value as SectionLayout[keyof SectionLayout] })} />
      ))}
    </>
  );
}
