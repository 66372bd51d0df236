import { section, type EmailBlockRenderer } from '../definition.ts';

export const image: EmailBlockRenderer<'image'> = {
  mjml: (block, context) => {
    const src = context.link(block.url);
    if (!src) return '';
    const href = context.link(block.link);
    return section(block.id, `<mj-image src="${src}" alt="${context.fill(block.alt)}"${href ? ` href="${href}"` : ''} padding="8px 0" />`, context);
  },
  text: () => '',
};
