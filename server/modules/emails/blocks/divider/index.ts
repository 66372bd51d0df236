import { section, type EmailBlockRenderer } from '../definition.ts';

export const divider: EmailBlockRenderer<'divider'> = {
  mjml: (block, context) => section(block.id, `<mj-divider border-color="${block.color}" border-width="1px" padding="8px 0" />`, context),
  text: () => '',
};
