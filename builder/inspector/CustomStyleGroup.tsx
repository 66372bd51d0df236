/**
 * The "Custom style" group of a surface's settings: the overrides of spec §7's custom style
 * (font, size, radii, shadow, colours) for one surface. Every field is optional: left empty, the
 * surface looks as its theme. Colour pairs that would be unreadable are not drawn, and publishing
 * is refused until they are fixed (renderers/contract/readability.ts).
 */
import { useId } from 'react';
import {
  CUSTOM_STYLE_FIELD_LABELS as L,
  FONT_STACKS,
  SHADOWS,
  type CustomWidgetStyle,
  type FontStack,
  type StyledSurface,
} from '../../renderers/contract/index.ts';
import { setCustomStyle } from '../commands/index.ts';
import { ColourField, NumberField, SelectField } from '../fields/index.ts';
import { useBuilder } from '../store/store.ts';
import { useEdit } from './use-edit.ts';

const FONTS = Object.keys(FONT_STACKS) as FontStack[];
const FONT_LABELS: Record<FontStack, string> = { system: 'System', serif: 'Serif', rounded: 'Rounded', mono: 'Monospace' };
const COLOURS = [
  'accent_color',
  'accent_text_color',
  'link_color',
  'surface_color',
  'surface_text_color',
  'border_color',
] as const satisfies readonly (keyof CustomWidgetStyle)[];
const RADII = ['border_radius', 'button_radius'] as const satisfies readonly (keyof CustomWidgetStyle)[];

const EMPTY: CustomWidgetStyle = {};

export function CustomStyleGroup({ surface, note }: { surface: StyledSurface; note?: string }) {
  const { run, seal } = useEdit();
  const headingId = useId();
  const style = useBuilder((s) => s.docs.custom_style?.styles[surface]) ?? EMPTY;
  const hasDocument = useBuilder((s) => s.docs.custom_style !== undefined);
  if (!hasDocument) return null;
  return (
    <section className="bs-inspector__group" aria-labelledby={headingId}>
      <h3 id={headingId}>Custom style</h3>
      <p className="bs-muted">Empty fields use the theme.{note ? ` ${note}` : ''}</p>
      <SelectField
        label={L.font_family}
        value={style.font_family}
        options={FONTS}
        optionLabels={FONT_LABELS}
        optional
        onChange={(value) => run(setCustomStyle, { surface, key: 'font_family', value })}
      />
      <NumberField
        label={L.font_scale}
        unit="%"
        value={style.font_scale}
        min={80}
        max={150}
        optional
        onChange={(value) => run(setCustomStyle, { surface, key: 'font_scale', value })}
        onCommit={seal}
      />
      {RADII.map((key) => (
        <NumberField
          key={key}
          label={L[key]}
          unit="px"
          value={style[key]}
          min={0}
          max={32}
          optional
          onChange={(value) => run(setCustomStyle, { surface, key, value })}
          onCommit={seal}
        />
      ))}
      <SelectField
        label={L.shadow}
        value={style.shadow}
        options={SHADOWS}
        optional
        onChange={(value) => run(setCustomStyle, { surface, key: 'shadow', value })}
      />
      {COLOURS.map((key) => (
        <ColourField key={key} label={L[key]} value={style[key]} optional onChange={(value) => run(setCustomStyle, { surface, key, value })} onCommit={seal} />
      ))}
    </section>
  );
}
