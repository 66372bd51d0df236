/** The Style and Layout groups of a section (shared by both audiences), labelled by their setting. */
import { memo } from 'react';
import { SECTION_FIELD_META, SECTION_FIELDS, type FieldMeta, type SectionLayout, type SectionStyle, type SectionType } from '../../renderers/contract/index.ts';
import { setSectionSetting } from '../commands/index.ts';
import { ColourField, NumberField, SelectField, SwitchField } from '../fields/index.ts';
import { useEdit } from './use-edit.ts';

function SettingField({ meta, value, onChange, seal }: { meta: FieldMeta; value: unknown; onChange(value: unknown): void; seal(): void }) {
  switch (meta.control) {
    case 'colour':
      return <ColourField label={meta.label} value={value as string | undefined} optional onChange={onChange} onCommit={seal} />;
    case 'number':
      return (
        <NumberField
          label={meta.label}
          value={value as number | undefined}
          min={meta.min}
          max={meta.max}
          unit={meta.unit}
          optional
          onChange={onChange}
          onCommit={seal}
        />
      );
    case 'select':
      return <SelectField label={meta.label} value={value as string | undefined} options={meta.options} optional onChange={onChange} />;
    case 'switch':
      return <SwitchField label={meta.label} checked={value === true} onChange={onChange} />;
    default:
      return null;
  }
}

/** Memoised on the style object: typing in the content leaves these fields alone. */
export const StyleFields = memo(function StyleFields({ sectionId, type, style }: { sectionId: string; type: SectionType; style: SectionStyle }) {
  const { run, seal } = useEdit();
  return (
    <>
      {SECTION_FIELDS[type].style.map((key) => (
        <SettingField
          key={key}
          meta={SECTION_FIELD_META.style[key]}
          value={style[key]}
          seal={seal}
          onChange={(value) => run(setSectionSetting, { sectionId, group: 'style', key, value: value as SectionStyle[keyof SectionStyle] })}
        />
      ))}
    </>
  );
});

export const LayoutFields = memo(function LayoutFields({ sectionId, type, layout }: { sectionId: string; type: SectionType; layout: SectionLayout }) {
  const { run, seal } = useEdit();
  return (
    <>
      {SECTION_FIELDS[type].layout.map((key) => (
        <SettingField
          key={key}
          meta={SECTION_FIELD_META.layout[key]}
          value={layout[key]}
          seal={seal}
          onChange={(value) => run(setSectionSetting, { sectionId, group: 'layout', key, value: value as SectionLayout[keyof SectionLayout] })}
        />
      ))}
    </>
  );
});
