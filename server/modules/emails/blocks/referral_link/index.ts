import { section, type EmailBlockRenderer } from '../definition.ts';

/** The member's referral link, written out and as a button. */
export const referral_link: EmailBlockRenderer<'referral_link'> = {
  mjml: (block, context) => {
    const href = context.link('{{referral_link}}') || context.link(context.values.store_url ?? '');
    const button =
      href && block.label.trim()
        ? `<mj-button href="${href}" background-color="${context.style.accent}" border-radius="6px">${context.fill(block.label)}</mj-button>`
        : '';
    return section(
      block.id,
      `<mj-text align="center">${context.fill(block.text)}</mj-text><mj-text align="center" font-size="14px">${context.fill('{{referral_link}}')}</mj-text>${button}`,
      context,
    );
  },
  text: (block, context) => `${context.fill(block.text)}\n${context.link('{{referral_link}}')}`,
};
