/**
 * The root element of every landing section: `data-section-id`/`data-section-type`, the title
 * heading, and the section's style and layout settings as custom properties and data attributes
 * (validated enum values and numbers only; colours through safeColor).
 */
import type { CSSProperties, ReactNode } from 'react';
import type { RenderContext } from '../context.ts';
import { safeColor } from '../format/index.ts';
import { SECTION_LABELS, type Section, type SectionContent, type SectionLayout } from '../contract/index.ts';
import { WrapOwner } from '../shared/editable.tsx';
import { FieldText } from '../shared/text.tsx';

const JUSTIFY = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;
/** left and right of a text are its start and end: a right-to-left page mirrors them */
export const TEXT_ALIGN = { left: 'start', center: 'center', right: 'end' } as const;
const MARGINS = { left: ['0', 'auto'], center: ['auto', 'auto'], right: ['auto', '0'] } as const;
const GAPS = { compact: '8px', comfortable: '16px', spacious: '32px' } as const;
/** image placement → flex direction of a step, image display and width */
const PLACEMENT = {
  left: ['row', 'block', '40%'],
  right: ['row-reverse', 'block', '40%'],
  top: ['column', 'block', '100%'],
  bottom: ['column-reverse', 'block', '100%'],
  hidden: ['column', 'none', '100%'],
} as const;

type Vars = Record<`--${string}`, string | number | undefined>;

function sectionVars(section: Section): Vars {
  const { style, layout } = section;
  const align = layout.text_align;
  const vars: Vars = {
    '--ls-s-fs': style.font_size === undefined ? undefined : `${style.font_size}px`,
    '--ls-s-fg': safeColor(style.font_color),
    '--ls-s-bg': safeColor(style.background_color),
    '--ls-s-bc': safeColor(style.border_color),
    '--ls-align': align && TEXT_ALIGN[align],
    '--ls-justify': align && JUSTIFY[align],
    '--ls-ml': align && MARGINS[align][0],
    '--ls-mr': align && MARGINS[align][1],
    '--ls-pad': layout.padding === undefined ? undefined : `${layout.padding}px`,
    '--ls-cols-m': layout.mobile_columns,
    '--ls-cols-d': layout.desktop_columns,
    '--ls-gap': layout.tier_spacing && GAPS[layout.tier_spacing],
  };
  const mobile = layout.mobile_image_placement && PLACEMENT[layout.mobile_image_placement];
  const desktop = layout.desktop_image_placement && PLACEMENT[layout.desktop_image_placement];
  if (mobile) [vars['--ls-dir-m'], vars['--ls-img-m'], vars['--ls-img-w-m']] = mobile;
  if (desktop) [vars['--ls-dir-d'], vars['--ls-img-d'], vars['--ls-img-w-d']] = desktop;
  return Object.fromEntries(Object.entries(vars).filter(([, v]) => v !== undefined)) as Vars;
}

/** Attributes the stylesheet keys card and list variants on. */
function layoutAttributes(layout: SectionLayout) {
  return {
    'data-style': layout.style,
    'data-shape': layout.card_shape,
    'data-card': layout.card_style,
  };
}

const titleIdOf = (section: Section) => `ls-${section.id}-title`;

/** Attributes of a list of cards (grid, list or carousel). */
export function listAttributes(section: Section, content: SectionContent) {
  const { layout } = section;
  const carousel = layout.layout_style === 'carousel';
  const name = content.title ? { 'aria-labelledby': titleIdOf(section) } : { 'aria-label': SECTION_LABELS[section.type] };
  return {
    'data-layout': layout.layout_style,
    'data-connectors': layout.show_connectors ? '' : undefined,
    // a scrolling carousel must be reachable by keyboard (WCAG 2.1.1)
    ...(carousel ? { tabIndex: 0, role: 'region', ...name } : {}),
  };
}

export interface SectionProps {
  section: Section;
  content: SectionContent;
  ctx: RenderContext;
}

interface SectionFrameProps {
  section: Section;
  content: SectionContent;
  ctx: RenderContext;
  /** heading level of the title; the banner uses 1 */
  level?: 1 | 2;
  children?: ReactNode;
}

export function SectionFrame({ section, content, ctx, level = 2, children }: SectionFrameProps) {
  const titleId = titleIdOf(section);
  const hasTitle = Boolean(content.title);
  const node = (
    <section
      className={`ls-section ls-${section.type.replace(/_/g, '-')}`}
      id={section.id}
      data-section-id={section.id}
      data-section-type={section.type}
      aria-labelledby={hasTitle ? titleId : undefined}
      style={sectionVars(section) as CSSProperties}
      {...layoutAttributes(section.layout)}
    >
      <div className="ls-inner">
        <FieldText as={level === 1 ? 'h1' : 'h2'} className="ls-title" id={titleId} field="title" owner={section.id} text={content.title} ctx={ctx} />
        <FieldText className="ls-sub" field="sub_heading" owner={section.id} text={content.sub_heading} ctx={ctx} />
        {children}
      </div>
    </section>
  );
  return (
    <WrapOwner id={section.id} type={section.type}>
      {node}
    </WrapOwner>
  );
}
