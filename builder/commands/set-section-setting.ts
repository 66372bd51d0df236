/** Sets one style or layout setting of a section (shared by both audiences); undefined falls back to the theme. */
import type { SectionLayout, SectionStyle } from '../../renderers/contract/index.ts';
import { defineCommand, setAtPath } from './command.ts';
import { sectionOf } from './section-lookup.ts';

export type SetSectionSettingArgs =
  | { sectionId: string; group: 'style'; key: keyof SectionStyle; value: SectionStyle[keyof SectionStyle] }
  | { sectionId: string; group: 'layout'; key: keyof SectionLayout; value: SectionLayout[keyof SectionLayout] };

export const setSectionSetting = defineCommand<SetSectionSettingArgs>({
  name: 'set-section-setting',
  perform(docs, { sectionId, group, key, value }) {
    setAtPath(sectionOf(docs, sectionId)[group] as Record<string, unknown>, [key], value);
  },
  coalesce: ({ sectionId, group, key }) => `${group}:${sectionId}:${key}`,
});
