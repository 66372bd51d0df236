import type { ComponentType } from 'react';
import type { SectionProps } from '../frame.tsx';

/**
 * The renderer side of one landing section type, kept in its folder: the component that draws it
 * (both audiences) and the CSS only it uses (minified, `.ls-` classes). Its data side — label and
 * the settings it uses — is its entry in `SECTION_DEFINITIONS` (renderers/contract/section-fields.ts).
 */
export interface SectionRenderer {
  Component: ComponentType<SectionProps>;
  styles?: string;
}
