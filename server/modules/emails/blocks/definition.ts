import type { EmailBlockOf, EmailBlockType, EmailStyle } from '../../../../renderers/contract/index.ts';

/** What a block's renderer gets besides its settings: the email's style and the member's values. */
export interface BlockContext {
  style: EmailStyle;
  values: Record<string, string>;
  /** merchant text with its placeholders filled, HTML-escaped, line breaks kept */
  fill(text: string): string;
  /** a link with its placeholder filled, or '' when it is not a safe http(s)/mailto link; attribute-escaped */
  link(url: string): string;
}

/** The plain-text part's helpers: placeholders filled, nothing escaped. */
export interface TextContext {
  values: Record<string, string>;
  fill(text: string): string;
  /** a link with its placeholder filled, or '' when it is not a safe http(s)/mailto link */
  link(url: string): string;
}

/** The server side of one email block, kept in its folder: its MJML (email-safe once compiled) and its plain text. */
export interface EmailBlockRenderer<T extends EmailBlockType = EmailBlockType> {
  mjml(block: EmailBlockOf<T>, context: BlockContext): string;
  /** what the block says in the email's text part ('' for nothing) */
  text(block: EmailBlockOf<T>, context: TextContext): string;
}

/** A block's MJML inside the content column: `css-class` marks it for the editor's canvas (click to select). */
export const section = (id: string, inner: string, context: BlockContext, padding = '8px 24px') =>
  `<mj-section css-class="eb-${id}" background-color="${context.style.content_background}" padding="${padding}"><mj-column>${inner}</mj-column></mj-section>`;
