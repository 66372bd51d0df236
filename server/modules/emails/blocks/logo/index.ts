import { section, type EmailBlockRenderer } from '../definition.ts';

/** Logo and header: the store's logo image, or its name in the accent colour. */
export const logo: EmailBlockRenderer<'logo'> = {
  mjml: (block, context) => {
    const src = context.link(block.image_url);
    const inner = src
      ? `<mj-image src="${src}" alt="${context.fill(block.title)}" width="${block.width}px" align="${block.align}" padding="8px 0" />`
      : `<mj-text align="${block.align}" font-size="22px" font-weight="700" color="${context.style.accent}">${context.fill(block.title)}</mj-text>`;
    return section(block.id, inner, context, '24px 24px 8px');
  },
  text: (block, context) => context.fill(block.title),
};
