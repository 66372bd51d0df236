/** Shows or hides a landing page section. */
import { defineCommand } from './command.ts';
import { sectionOf } from './section-lookup.ts';

export const toggleVisible = defineCommand<{ sectionId: string; visible?: boolean }>({
  name: 'toggle-visible',
  perform(docs, { sectionId, visible }) {
    const section = sectionOf(docs, sectionId);
    const next = visible ?? !section.visible;
    if (section.visible !== next) section.visible = next;
  },
});
