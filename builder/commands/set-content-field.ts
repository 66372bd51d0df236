/** Sets one content field of a section for one audience (`title`, `primary_button.label`, `steps.0.heading`…). */
import type { Audience } from '../../renderers/contract/index.ts';
import { defineCommand, setAtPath } from './command.ts';
import { sectionOf } from './section-lookup.ts';

export interface SetContentFieldArgs {
  sectionId: string;
  audience: Audience;
  path: readonly (string | number)[];
  /** undefined removes the field */
  value: unknown;
}

export const setContentField = defineCommand<SetContentFieldArgs>({
  name: 'set-content-field',
  perform(docs, { sectionId, audience, path, value }) {
    setAtPath(sectionOf(docs, sectionId).content[audience] as Record<string, unknown>, path, value);
  },
  coalesce: ({ sectionId, audience, path }) => `content:${sectionId}:${audience}:${path.join('.')}`,
});
