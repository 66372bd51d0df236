import { section, type EmailBlockRenderer } from '../definition.ts';

/** Text with placeholders: a blank line starts a paragraph. */
export const text: EmailBlockRenderer<'text'> = {
  mjml: (block, context) => {
    const paragraphs = block.text
      .split(/\n{2,}/)
      .map((paragraph) => `<p style="margin:0 0 16px">${context.fill(paragraph)}</p>`)
      .join('');
    return section(block.id, `<mj-text align="${block.align}">${paragraphs}</mj-text>`, context);
  },
  text: (block, context) => context.fill(block.text),
};
