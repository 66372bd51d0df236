/**
 * The built-in email editor's document: an email as a list of blocks (logo/header, heading,
 * text with placeholders, button, image, divider, points balance, reward code, tier progress,
 * referral link, footer with unsubscribe and address). The server renders it to email-safe HTML
 * with MJML (server/modules/emails/blocks); nothing here draws it.
 *
 * Each block type is one entry of `EMAIL_BLOCK_DEFINITIONS` (its label, its fields with their
 * controls and defaults, its schema); the block list, the editor's "Add block" menu and inspector
 * and the server's renderer table are all derived from it.
 *
 * Merchant text is plain text with `{{placeholder}}` tokens (one placeholder style for every
 * email); links accept http(s) addresses or a single placeholder such as `{{referral_link}}`.
 */
import { z } from 'zod';
import { colourSchema, idSchema, oneOf, schemaVersionSchema, text } from './primitives.ts';
import { translationsSchema } from './translations.ts';

/** A link of an email: https://…, http://…, mailto:… or one `{{placeholder}}`; '' = none. */
export const EMAIL_LINK_MESSAGE = 'Enter a link starting with https:// or a placeholder such as {{referral_link}}';
const EMAIL_LINK = /^(?:https?:\/\/[^\s<>"`\\]+|mailto:[^\s<>"`\\]+|\{\{\s*[a-z_]+\s*\}\})$/i;
export const isEmailLink = (value: string) => value === '' || (value.length <= 2048 && EMAIL_LINK.test(value.trim()));
const emailLink = z.string({ error: EMAIL_LINK_MESSAGE }).refine(isEmailLink, { error: EMAIL_LINK_MESSAGE });
const imageLink = z
  .string({ error: 'Enter an image address starting with https://' })
  .refine((value) => value === '' || /^https?:\/\/[^\s<>"`\\]+$/i.test(value), { error: 'Enter an image address starting with https://' });

export const EMAIL_ALIGNS = ['left', 'center', 'right'] as const;
const align = oneOf(EMAIL_ALIGNS);

/** How the inspector edits a field. */
export type EmailFieldControl = 'text' | 'textarea' | 'link' | 'image' | 'colour' | 'align' | 'number';
export interface EmailFieldDefinition {
  name: string;
  label: string;
  control: EmailFieldControl;
  /** may hold placeholders (checked against the email's own list before saving) */
  placeholders?: boolean;
  min?: number;
  max?: number;
}

const field = (name: string, label: string, control: EmailFieldControl, extra: Partial<EmailFieldDefinition> = {}): EmailFieldDefinition => ({
  name,
  label,
  control,
  ...(control === 'text' || control === 'textarea' ? { placeholders: true } : {}),
  ...extra,
});

/**
 * Every email block: its label, fields (in inspector order), schema of its settings and their
 * defaults. TypeScript derives the block types from this one table.
 */
export const EMAIL_BLOCK_DEFINITIONS = {
  logo: {
    label: 'Logo and header',
    fields: [
      field('image_url', 'Logo image', 'image'),
      field('width', 'Logo width', 'number', { min: 40, max: 300 }),
      field('title', 'Store name', 'text'),
      field('align', 'Alignment', 'align'),
    ],
    schema: { image_url: imageLink, width: z.number().int().min(40).max(300), title: text(120), align },
    defaults: { image_url: '', width: 120, title: '{{store_name}}', align: 'center' },
  },
  heading: {
    label: 'Heading',
    fields: [field('text', 'Heading', 'text'), field('align', 'Alignment', 'align')],
    schema: { text: text(200), align },
    defaults: { text: 'Hello {{first_name}}', align: 'left' },
  },
  text: {
    label: 'Text',
    fields: [field('text', 'Text', 'textarea'), field('align', 'Alignment', 'align')],
    schema: { text: text(5000), align },
    defaults: { text: 'Write your message here. Placeholders such as {{first_name}} are filled for each member.', align: 'left' },
  },
  button: {
    label: 'Button',
    fields: [field('label', 'Button label', 'text'), field('url', 'Button link', 'link'), field('align', 'Alignment', 'align')],
    schema: { label: text(60), url: emailLink, align },
    defaults: { label: 'Visit the store', url: '', align: 'center' },
  },
  image: {
    label: 'Image',
    fields: [field('url', 'Image', 'image'), field('alt', 'Alternative text', 'text', { placeholders: false }), field('link', 'Image link', 'link')],
    schema: { url: imageLink, alt: text(200), link: emailLink },
    defaults: { url: '', alt: '', link: '' },
  },
  divider: {
    label: 'Divider',
    fields: [field('color', 'Line colour', 'colour')],
    schema: { color: colourSchema },
    defaults: { color: '#e5e7eb' },
  },
  points_balance: {
    label: 'Points balance',
    fields: [field('label', 'Label', 'text')],
    schema: { label: text(120) },
    defaults: { label: 'Your balance' },
  },
  reward_code: {
    label: 'Reward code',
    fields: [field('label', 'Label', 'text')],
    schema: { label: text(120) },
    defaults: { label: 'Your reward code' },
  },
  tier_progress: {
    label: 'Tier progress',
    fields: [field('label', 'Label', 'text'), field('text', 'Text', 'text')],
    schema: { label: text(120), text: text(300) },
    defaults: { label: 'Your membership', text: '{{tier_name}}' },
  },
  referral_link: {
    label: 'Referral link',
    fields: [field('text', 'Text', 'text'), field('label', 'Button label', 'text')],
    schema: { text: text(300), label: text(60) },
    defaults: { text: 'Share your link: your friends get a reward, and so do you.', label: 'Share my link' },
  },
  footer: {
    label: 'Footer',
    fields: [field('address', 'Store address', 'textarea'), field('unsubscribe_label', 'Unsubscribe link text', 'text', { placeholders: false })],
    schema: { address: text(300), unsubscribe_label: text(60).min(1, { error: 'Enter the unsubscribe link text' }) },
    defaults: { address: '', unsubscribe_label: 'Unsubscribe' },
  },
} as const;

export type EmailBlockType = keyof typeof EMAIL_BLOCK_DEFINITIONS;
export const EMAIL_BLOCK_TYPES = Object.keys(EMAIL_BLOCK_DEFINITIONS) as [EmailBlockType, ...EmailBlockType[]];

const blockSchema = <T extends EmailBlockType>(type: T) =>
  z.strictObject({ id: idSchema, type: z.literal(type), ...(EMAIL_BLOCK_DEFINITIONS[type].schema as (typeof EMAIL_BLOCK_DEFINITIONS)[T]['schema']) });

type BlockSettings<T extends EmailBlockType> = {
  -readonly [K in keyof (typeof EMAIL_BLOCK_DEFINITIONS)[T]['schema']]: z.infer<(typeof EMAIL_BLOCK_DEFINITIONS)[T]['schema'][K]>;
};
export type EmailBlockOf<T extends EmailBlockType> = { id: string; type: T } & BlockSettings<T>;
export type EmailBlock = { [T in EmailBlockType]: EmailBlockOf<T> }[EmailBlockType];

const [firstBlock, ...otherBlocks] = EMAIL_BLOCK_TYPES.map((type) => blockSchema(type));
/** One block, dispatched on `type`. */
export const emailBlockSchema = z.discriminatedUnion('type', [firstBlock!, ...otherBlocks]) as unknown as z.ZodType<EmailBlock>;

/** The email's page: colours and width. */
export const emailStyleSchema = z.strictObject({
  background: colourSchema,
  content_background: colourSchema,
  accent: colourSchema,
  text_color: colourSchema,
});
export type EmailStyle = z.infer<typeof emailStyleSchema>;

export const EMAIL_DOCUMENT_MAX_BLOCKS = 60;

export const emailDocumentSchema = z.strictObject({
  kind: z.literal('email_document', { error: 'Expected kind "email_document"' }),
  schemaVersion: schemaVersionSchema,
  subject: text(200).min(1, { error: 'Enter a subject' }),
  preheader: text(200),
  style: emailStyleSchema,
  blocks: z.array(emailBlockSchema).max(EMAIL_DOCUMENT_MAX_BLOCKS, { error: `An email holds at most ${EMAIL_DOCUMENT_MAX_BLOCKS} blocks` }),
  /** the subject, preheader and blocks' texts in the store's other languages (see translations.ts; blocks are keyed by id) */
  translations: translationsSchema,
});
export type EmailDocument = z.infer<typeof emailDocumentSchema>;

/** A new block of `type` with its defaults. */
export function newEmailBlock<T extends EmailBlockType>(type: T, id: string): EmailBlockOf<T> {
  return { id, type, ...structuredClone(EMAIL_BLOCK_DEFINITIONS[type].defaults) } as unknown as EmailBlockOf<T>;
}

/** Every text of a document that may hold placeholders, by path (`subject`, `blocks.2.text`…). */
export function emailDocumentTexts(doc: Pick<EmailDocument, 'subject' | 'preheader' | 'blocks'>): Record<string, string> {
  const texts: Record<string, string> = { subject: doc.subject, preheader: doc.preheader };
  doc.blocks.forEach((block, index) => {
    for (const definition of EMAIL_BLOCK_DEFINITIONS[block.type].fields as readonly EmailFieldDefinition[]) {
      const value = (block as Record<string, unknown>)[definition.name];
      if ((definition.placeholders || definition.control === 'link') && typeof value === 'string') texts[`blocks.${index}.${definition.name}`] = value;
    }
  });
  return texts;
}
