/**
 * `<LandingPage doc ctx />`: the 9 sections of spec §2 in document order, each in the variant of
 * the context's audience. Hidden sections render nothing. The root carries the document's theme, the
 * device (unless `responsive`, then media queries alone decide) and the palette.
 */
import { textDirection } from '../i18n/direction.ts';
import type { CSSProperties, ComponentType } from 'react';
import type { RenderContext } from '../context.ts';
import type { LandingPage as LandingPageDocument, Palette, Section, SectionType, ThemeName } from '../contract/index.ts';
import { EditableContext, type Editable } from '../shared/editable.tsx';
import { customStyleProperties } from '../theme/custom-style.ts';
import { paletteProperties } from '../theme/themes.ts';
import type { SectionProps } from './frame.tsx';
import { SECTION_RENDERERS } from './sections/registry.ts';
import { useLocalized } from '../shared/localized.ts';

/** The component of each section type (from the registry of section folders). */
const SECTION_COMPONENTS = Object.fromEntries(Object.entries(SECTION_RENDERERS).map(([type, section]) => [type, section.Component])) as Record<
  SectionType,
  ComponentType<SectionProps>
>;

/** One section in the context's audience variant; null when hidden or of an unknown type. */
export function LandingSection({ section, ctx }: { section: Section; ctx: RenderContext }) {
  const Component = Object.hasOwn(SECTION_COMPONENTS, section.type) ? SECTION_COMPONENTS[section.type] : undefined;
  if (!section.visible || !Component) return null;
  return <Component section={section} content={section.content[ctx.audience]} ctx={ctx} />;
}

export interface LandingPageProps {
  doc: LandingPageDocument;
  ctx: RenderContext;
  /** builder hooks to wrap sections and editable text (craft.js adapter, inline editing) */
  editable?: Editable;
  /** let media queries pick the layout (SSR, storefront) instead of forcing `ctx.device` */
  responsive?: boolean;
}

/** The landing page root's custom properties: the palette on its theme, then the page's custom style. */
export function landingRootProperties(global: Palette, theme: ThemeName, ctx: RenderContext): Record<string, string> {
  const tokens = ctx.themes?.[theme];
  const palette = paletteProperties(global, tokens);
  const custom = customStyleProperties(ctx.customStyles?.landing_page, { ...tokens, accent: palette['--ls-accent'] ?? tokens?.accent });
  return { ...palette, ...custom };
}

export function LandingPage({ doc: saved, ctx, editable, responsive }: LandingPageProps) {
  const doc = useLocalized(saved, ctx);
  const style = landingRootProperties(doc.global, doc.theme, ctx) as CSSProperties;
  return (
    <EditableContext.Provider value={editable}>
      <div
        className="ls-root ls-landing"
        lang={ctx.locale}
        dir={textDirection(ctx.locale)}
        data-theme={doc.theme}
        data-device={responsive ? undefined : ctx.device}
        data-audience={ctx.audience}
        style={style}
      >
        {doc.sections.map((section) => (
          <LandingSection key={section.id} section={section} ctx={ctx} />
        ))}
      </div>
    </EditableContext.Provider>
  );
}
