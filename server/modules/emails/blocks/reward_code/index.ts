import { section, type EmailBlockRenderer } from '../definition.ts';

/** The reward's code in a dashed box, easy to copy. */
export const reward_code: EmailBlockRenderer<'reward_code'> = {
  mjml: (block, context) =>
    section(
      block.id,
      `<mj-text align="center" font-size="14px" color="#6b7280">${context.fill(block.label)}</mj-text><mj-text align="center"><span style="display:inline-block;padding:12px 24px;border:2px dashed ${context.style.accent};border-radius:6px;font-size:22px;font-weight:700;letter-spacing:2px;font-family:Menlo,Consolas,monospace">${context.fill('{{reward_code}}')}</span></mj-text>`,
      context,
    ),
  text: (block, context) => `${context.fill(block.label)}: ${context.fill('{{reward_code}}')}`,
};
