import type mjmlCompiler from 'mjml';
import { catalogFor, t, textDirection } from '../../../renderers/i18n/index.ts';
import type { EmailDocument } from '../../../renderers/contract/index.ts';
import { EMAIL_BLOCK_RENDERERS } from './blocks/registry.ts';
import type { BlockContext, TextContext } from './blocks/definition.ts';
import { escapeHtml, fillPlaceholders } from './placeholders.ts';
import { sanitizeEmailHtml } from './sanitize.ts';
import type { EmailFields } from './starters.ts';

/** Colours of the email: the store's palette, or the product's defaults. */
export interface EmailPalette {
  accent: string;
  background: string;
}
export const DEFAULT_PALETTE: EmailPalette = { accent: '#4f46e5', background: '#f4f4f7' };

/** What a template renders from: the simple form's fields, the visual editor's exported HTML, or the built-in editor's document. */
export type EmailDesign =
  | { editor: 'simple'; fields: EmailFields }
  | { editor: 'unlayer'; fields: EmailFields; content: string }
  | { editor: 'builder'; fields: EmailFields; document: EmailDocument };

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * MJML's compiler, imported on the first render: its module tree (juice, cheerio, js-beautify, …)
 * is about a third of the modules the server loads, and a process that renders no email never
 * needs it.
 */
let compiler: Promise<typeof mjmlCompiler> | undefined;
async function mjml2html(source: string): Promise<{ html: string }> {
  compiler ??= import('mjml').then((module) => module.default);
  return (await compiler)(source, { validationLevel: 'soft' });
}

const COLOR = /^#[0-9a-f]{3,8}$/i;
const attr = (value: string) => escapeHtml(value);

function paragraphs(body: string): string {
  return body
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.split('\n').join('<br />'))
    .map((paragraph) => `<p style="margin:0 0 16px">${paragraph}</p>`)
    .join('');
}

function safeUrl(url: string): string {
  return /^(https?:|mailto:)/i.test(url.trim()) ? url.trim() : '';
}

/** Merchant text as HTML: the text itself escaped, then its placeholders filled with escaped values. */
const fillText = (text: string, values: Record<string, string>) => fillPlaceholders(escapeHtml(text), values, escapeHtml);

const HEAD_ATTRIBUTES =
  '<mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /><mj-text font-size="16px" line-height="24px" padding="4px 0" /></mj-attributes>';

/** The built-in editor's document as MJML: each block through its renderer (blocks/registry.ts). */
function documentMjml(doc: EmailDocument, values: Record<string, string>, language: string): string {
  const style = Object.fromEntries(Object.entries(doc.style).map(([name, colour]) => [name, escapeHtml(colour)])) as EmailDocument['style'];
  const context: BlockContext = {
    style,
    values,
    fill: (text) => fillText(text, values).split('\n').join('<br />'),
    link: (url) => escapeHtml(safeUrl(fillPlaceholders(url, values))),
  };
  const blocks = doc.blocks.map((block) => (EMAIL_BLOCK_RENDERERS[block.type].mjml as (b: typeof block, c: BlockContext) => string)(block, context)).join('\n');
  return `${mjmlRoot(language)}
  <mj-head>
    <mj-title>${fillText(doc.subject, values)}</mj-title>
    <mj-preview>${fillText(doc.preheader, values)}</mj-preview>
    ${HEAD_ATTRIBUTES.replace('padding="4px 0"', `padding="4px 0" color="${style.text_color}"`)}
  </mj-head>
  <mj-body background-color="${style.background}" width="600px">
    <mj-wrapper padding="24px 0">${blocks}</mj-wrapper>
  </mj-body>
</mjml>`;
}

/** The plain-text part of a built-in editor email: each block's text, in order. */
function documentText(doc: EmailDocument, values: Record<string, string>): string {
  const context: TextContext = { values, fill: (text) => fillPlaceholders(text, values), link: (url) => safeUrl(fillPlaceholders(url, values)) };
  return doc.blocks
    .map((block) => (EMAIL_BLOCK_RENDERERS[block.type].text as (b: typeof block, c: TextContext) => string)(block, context))
    .filter((line) => line.trim() !== '')
    .join('\n\n');
}

/** The product's own wording of an email (its footer) in `language`. */
const wordingOf = (language: string) => ({ locale: language, messages: catalogFor(language) });

/** `<mjml>` with the email's language and writing direction. */
const mjmlRoot = (language: string) => `<mjml lang="${escapeHtml(language)}" dir="${textDirection(language)}">`;

function mjmlSource(fields: EmailFields, values: Record<string, string>, palette: EmailPalette, language: string): string {
  const words = wordingOf(language);
  const fill = (text: string) => fillText(text, values);
  const accent = COLOR.test(palette.accent) ? palette.accent : DEFAULT_PALETTE.accent;
  const background = COLOR.test(palette.background) ? palette.background : DEFAULT_PALETTE.background;
  const buttonUrl = safeUrl(fillPlaceholders(fields.button_url, values)) || safeUrl(values.store_url ?? '');
  const button =
    fields.button_label.trim() && buttonUrl
      ? `<mj-button href="${attr(buttonUrl)}" background-color="${accent}" border-radius="6px" font-size="16px" padding-top="8px">${fill(fields.button_label)}</mj-button>`
      : '';
  const unsubscribe = safeUrl(values.unsubscribe_url ?? '');
  return `${mjmlRoot(language)}
  <mj-head>
    <mj-title>${fill(fields.subject)}</mj-title>
    <mj-preview>${fill(fields.preheader)}</mj-preview>
    <mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /><mj-text font-size="16px" line-height="24px" color="#1f2937" /></mj-attributes>
  </mj-head>
  <mj-body background-color="${background}">
    <mj-section padding="24px 0 8px"><mj-column><mj-text align="center" font-size="20px" font-weight="700" color="${accent}">${escapeHtml(values.store_name ?? '')}</mj-text></mj-column></mj-section>
    <mj-section background-color="#ffffff" border-radius="8px" padding="32px 24px">
      <mj-column>
        <mj-text font-size="26px" line-height="32px" font-weight="700">${fill(fields.heading)}</mj-text>
        <mj-text>${paragraphs(fill(fields.body))}</mj-text>
        ${button}
      </mj-column>
    </mj-section>
    <mj-section padding="16px 0 32px"><mj-column><mj-text align="center" font-size="12px" line-height="18px" color="#6b7280">${escapeHtml(t(words, 'email.membership', { store: values.store_name ?? '' }))}${
      unsubscribe ? ` <a href="${attr(unsubscribe)}" style="color:#6b7280">${escapeHtml(t(words, 'email.unsubscribe'))}</a>` : ''
    }</mj-text></mj-column></mj-section>
  </mj-body>
</mjml>`;
}

function plainText(fields: EmailFields, values: Record<string, string>, language: string): string {
  const lines = [fillPlaceholders(fields.heading, values), '', fillPlaceholders(fields.body, values)];
  const url = safeUrl(fillPlaceholders(fields.button_url, values)) || safeUrl(values.store_url ?? '');
  if (fields.button_label.trim() && url) lines.push('', `${fillPlaceholders(fields.button_label, values)}: ${url}`);
  if (values.unsubscribe_url) lines.push('', `${t(wordingOf(language), 'email.unsubscribe')}: ${values.unsubscribe_url}`);
  return lines.join('\n');
}

/**
 * Email-safe HTML of a design, filled with `values` (a member's data, or sample data for a
 * preview). The simple form renders through MJML; the visual editor's HTML is filled and
 * sanitised again (nothing active reaches an inbox, whatever was stored). `language`: the
 * product's own wording (the footer) and the email's `lang`; the design comes already in it
 * (`designInLanguage`).
 */
export async function renderEmail(
  design: EmailDesign,
  values: Record<string, string>,
  palette: EmailPalette = DEFAULT_PALETTE,
  language = 'en',
): Promise<RenderedEmail> {
  if (design.editor === 'builder') {
    const result = await mjml2html(documentMjml(design.document, values, language));
    const subject = fillPlaceholders(design.document.subject, values).replace(/[\r\n]+/g, ' ');
    return { subject, html: result.html, text: documentText(design.document, values) };
  }
  const subject = fillPlaceholders(design.fields.subject, values).replace(/[\r\n]+/g, ' ');
  if (design.editor === 'unlayer') {
    const html = sanitizeEmailHtml(fillPlaceholders(design.content, values, escapeHtml));
    return { subject, html, text: plainText(design.fields, values, language) };
  }
  const result = await mjml2html(mjmlSource(design.fields, values, palette, language));
  return { subject, html: result.html, text: plainText(design.fields, values, language) };
}
