import { section, type EmailBlockRenderer } from '../definition.ts';

/** The member's balance, large, in the accent colour. */
export const points_balance: EmailBlockRenderer<'points_balance'> = {
  mjml: (block, context) =>
    section(
      block.id,
      `<mj-text align="center" font-size="14px" color="#6b7280">${context.fill(block.label)}</mj-text><mj-text align="center" font-size="32px" line-height="40px" font-weight="700" color="${context.style.accent}">${context.fill('{{loyalty_points_balance}} {{points_label}}')}</mj-text>`,
      context,
    ),
  text: (block, context) => `${context.fill(block.label)}: ${context.fill('{{loyalty_points_balance}} {{points_label}}')}`,
};
