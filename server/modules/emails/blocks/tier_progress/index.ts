import { section, type EmailBlockRenderer } from '../definition.ts';

/** The member's tier, as a badge under its label. */
export const tier_progress: EmailBlockRenderer<'tier_progress'> = {
  mjml: (block, context) =>
    section(
      block.id,
      `<mj-text align="center" font-size="14px" color="#6b7280">${context.fill(block.label)}</mj-text><mj-text align="center"><span style="display:inline-block;padding:8px 20px;border-radius:999px;background:${context.style.accent};color:#ffffff;font-weight:700">${context.fill(block.text)}</span></mj-text>`,
      context,
    ),
  text: (block, context) => `${context.fill(block.label)}: ${context.fill(block.text)}`,
};
