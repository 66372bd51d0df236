import { type EmailBlockRenderer } from '../definition.ts';

/** Footer: the store's address and the one-click unsubscribe link (every email has one). */
export const footer: EmailBlockRenderer<'footer'> = {
  mjml: (block, context) => {
    const unsubscribe = context.link('{{unsubscribe_url}}');
    const link = unsubscribe
      ? `<a href="${unsubscribe}" style="color:#6b7280">${context.fill(block.unsubscribe_label)}</a>`
      : context.fill(block.unsubscribe_label);
    const address = block.address.trim() ? `${context.fill(block.address)}<br />` : '';
    return `<mj-section css-class="eb-${block.id}" padding="16px 24px 32px"><mj-column><mj-text align="center" font-size="12px" line-height="18px" color="#6b7280">${address}You receive this email as a member of the ${context.fill('{{store_name}}')} rewards program. ${link}</mj-text></mj-column></mj-section>`;
  },
  text: (block, context) =>
    [context.fill(block.address), context.values.unsubscribe_url ? `${block.unsubscribe_label}: ${context.values.unsubscribe_url}` : '']
      .filter(Boolean)
      .join('\n\n'),
};
