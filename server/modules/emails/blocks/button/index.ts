import { section, type EmailBlockRenderer } from '../definition.ts';

/** A button; without a link of its own it goes to the store. */
export const button: EmailBlockRenderer<'button'> = {
  mjml: (block, context) => {
    const href = context.link(block.url) || context.link(context.values.store_url ?? '');
    if (!block.label.trim() || !href) return '';
    return section(
      block.id,
      `<mj-button href="${href}" align="${block.align}" background-color="${context.style.accent}" border-radius="6px" font-size="16px">${context.fill(block.label)}</mj-button>`,
      context,
    );
  },
  text: (block, context) => {
    const url = context.link(block.url) || context.link(context.values.store_url ?? '');
    return block.label.trim() && url ? `${context.fill(block.label)}: ${url}` : '';
  },
};
