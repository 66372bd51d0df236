import { section, type EmailBlockRenderer } from '../definition.ts';

export const heading: EmailBlockRenderer<'heading'> = {
  mjml: (block, context) =>
    section(block.id, `<mj-text align="${block.align}" font-size="26px" line-height="32px" font-weight="700">${context.fill(block.text)}</mj-text>`, context),
  text: (block, context) => context.fill(block.text),
};
