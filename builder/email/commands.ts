/**
 * The built-in email editor's commands: named, pure changes of the email document, run by the
 * email store through the studios' one history (a burst of typing in one field is one step).
 */
import { newEmailBlock, type EmailBlock, type EmailBlockType, type EmailDocument, type EmailStyle } from '../../renderers/contract/index.ts';
import { defineCommand, moveItem } from '../commands/command.ts';

const indexOf = (doc: { blocks: Array<{ id: string }> }, id: string) => doc.blocks.findIndex((block) => block.id === id);

/** A block id of its type not yet used in the email (`text-1`, `text-2`…). */
export function newBlockId(doc: EmailDocument, type: EmailBlockType): string {
  let n = 1;
  while (doc.blocks.some((block) => block.id === `${type}-${n}`)) n += 1;
  return `${type}-${n}`;
}

export const setBlockField = defineCommand<{ id: string; field: string; value: unknown }, EmailDocument>({
  name: 'set-block-field',
  perform(doc, { id, field, value }) {
    const block = doc.blocks[indexOf(doc, id)];
    if (block) (block as Record<string, unknown>)[field] = value;
  },
  coalesce: ({ id, field }) => `${id}.${field}`,
});

export const moveBlock = defineCommand<{ id: string; offset: number }, EmailDocument>({
  name: 'move-block',
  perform(doc, { id, offset }) {
    const from = indexOf(doc, id);
    if (from >= 0) moveItem(doc.blocks, from, from + offset);
  },
});

export const removeBlock = defineCommand<{ id: string }, EmailDocument>({
  name: 'remove-block',
  perform(doc, { id }) {
    const at = indexOf(doc, id);
    if (at >= 0) doc.blocks.splice(at, 1);
  },
});

/** A new block of `type` with id `id`, after the block `after` — else last, before the footer. */
export const addBlock = defineCommand<{ type: EmailBlockType; id: string; after: string | null }, EmailDocument>({
  name: 'add-block',
  perform(doc, { type, id, after }) {
    const selected = after === null ? -1 : indexOf(doc, after);
    const at = selected >= 0 ? selected + 1 : Math.max(0, doc.blocks.length - (doc.blocks.at(-1)?.type === 'footer' ? 1 : 0));
    doc.blocks.splice(at, 0, newEmailBlock(type, id) as EmailBlock);
  },
});

export const setEmailText = defineCommand<{ field: 'subject' | 'preheader'; value: string }, EmailDocument>({
  name: 'set-email-text',
  perform(doc, { field, value }) {
    doc[field] = value;
  },
  coalesce: ({ field }) => field,
});

export const setEmailStyle = defineCommand<{ field: keyof EmailStyle; value: string }, EmailDocument>({
  name: 'set-email-style',
  perform(doc, { field, value }) {
    doc.style[field] = value;
  },
  coalesce: ({ field }) => `style.${field}`,
});
