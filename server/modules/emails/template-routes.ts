import { z } from 'zod';
import { dataEnvelope } from '../../contract/common.ts';
import {
  emailKeyParams,
  emailTemplate,
  featuredTemplate,
  renderedTemplate,
  templateRenderBody,
  templateSaveBody,
  templateTags,
  emailFields,
} from './contract/templates.ts';
import {
  COMMON_TAGS,
  EMAIL_KINDS,
  FEATURED_STYLES,
  STARTERS,
  TAG_LABELS,
  TemplateInvalidError,
  designErrors,
  designInLanguage,
  designOf,
  emailDocumentOf,
  listTemplates,
  memberValues,
  starterDocument,
  readTemplate,
  renderEmail,
  sampleValues,
  storeLanguage,
  storePalette,
  saveTemplate,
  type EmailKey,
  type EmailTemplate,
} from './service.ts';
import { storeLanguages } from '../../../renderers/contract/index.ts';
import type { Store } from '../../db/schema.ts';
import type { RouteModule } from '../../http/context.ts';
import { ApiError, notFound } from '../../http/errors.ts';

/** Spec §8: the message of a 413 on the email editor save. */
export const TEMPLATE_TOO_LARGE = 'The email template is too large to save. Please try reducing the content or images.';

const tag = (name: string) => ({ name: TAG_LABELS[name] ?? name, label: TAG_LABELS[name] ?? name, value: `{{${name}}}` });

/** A template with the built-in editor's document: the saved one, or its wording laid out in the store's palette. */
function withDocument(template: EmailTemplate, store: Store) {
  const saved = template.editor === 'builder' ? emailDocumentOf(template.json_content) : null;
  const document = saved?.ok ? saved.document : starterDocument(template.key, template.fields, storePalette(store)?.accent);
  return { ...template, document };
}

/** Spec §7 "Email templates": the nine emails, starters, featured designs, tags, preview and save. */
export const templateRoutes: RouteModule = {
  prefix: '/api/v1',
  register(app) {
    app.get(
      '/template',
      {
        config: { permission: 'program:read' },
        schema: { tags: ['emails'], summary: "The store's nine emails (starters until saved)", response: { 200: dataEnvelope(z.array(emailTemplate)) } },
      },
      async (request) => ({ data: (await listTemplates(app.db, request.store.id)).map((template) => withDocument(template, request.store)) }),
    );

    app.get(
      '/template/starter/:id',
      {
        config: { permission: 'program:read' },
        schema: { tags: ['emails'], summary: 'Starter content of one email', params: emailKeyParams, response: { 200: dataEnvelope(emailFields) } },
      },
      async (request) => ({ data: STARTERS[request.params.id] }),
    );

    app.get(
      '/platform/template',
      {
        config: { permission: 'program:read' },
        schema: { tags: ['emails'], summary: 'Featured designs for every email', response: { 200: dataEnvelope(z.array(featuredTemplate)) } },
      },
      async () => ({
        data: EMAIL_KINDS.flatMap((kind) =>
          FEATURED_STYLES.map((style) => ({
            id: `${kind.key}-${style.id}`,
            name: `${kind.name}: ${style.name}`,
            email: kind.key,
            accent: style.accent,
            background: style.background,
            fields: STARTERS[kind.key],
          })),
        ),
      }),
    );

    app.get(
      '/template/tags',
      {
        config: { permission: 'program:read' },
        schema: { tags: ['emails'], summary: 'Merge tags (placeholders) of each email', response: { 200: dataEnvelope(templateTags) } },
      },
      async () => ({
        data: { common: COMMON_TAGS.map(tag), by_email: Object.fromEntries(EMAIL_KINDS.map((kind) => [kind.key, [...COMMON_TAGS, ...kind.tags].map(tag)])) },
      }),
    );

    app.get(
      '/template/:id',
      {
        config: { permission: 'program:read' },
        schema: { tags: ['emails'], summary: 'One of the nine emails', params: emailKeyParams, response: { 200: dataEnvelope(emailTemplate) } },
      },
      async (request) => ({ data: withDocument(await readTemplate(app.db, request.store.id, request.params.id), request.store) }),
    );

    app.post(
      '/template/store/:id',
      {
        bodyLimit: app.config.emailTemplateLimitBytes,
        config: { permission: 'program:edit', tooLargeMessage: TEMPLATE_TOO_LARGE },
        schema: {
          tags: ['emails'],
          summary: 'Save one email (form, or design and exported HTML)',
          params: emailKeyParams,
          body: templateSaveBody,
          response: { 200: dataEnvelope(emailTemplate) },
        },
      },
      async (request) => {
        try {
          const languages = storeLanguages(request.store.settings as Record<string, unknown>);
          const saved = await saveTemplate(app.db, request.store.id, request.user.id, request.params.id, request.body, app.clock.now(), languages);
          return { data: withDocument(saved, request.store) };
        } catch (error) {
          if (error instanceof TemplateInvalidError) throw new ApiError(422, error.message, 'validation_failed', error.errors);
          throw error;
        }
      },
    );

    app.post(
      '/template/email',
      {
        bodyLimit: app.config.emailTemplateLimitBytes,
        config: { permission: 'program:read', tooLargeMessage: TEMPLATE_TOO_LARGE },
        schema: {
          tags: ['emails'],
          summary: 'Render a design as an inbox gets it (sample data), in one of its languages',
          body: templateRenderBody,
          response: { 200: dataEnvelope(renderedTemplate) },
        },
      },
      async (request) => {
        const { email, fields, content, editor, json_content: jsonContent, customer_id: customerId } = request.body;
        const language = request.body.language ?? storeLanguage(request.store);
        const key: EmailKey = email;
        const errors = designErrors(key, { fields, content, json_content: jsonContent, editor });
        const member = customerId ? await memberValues(app.db, request.store, customerId, language) : null;
        if (customerId && !member) throw notFound('Customer');
        const design = designInLanguage(designOf({ editor, fields, content: content ?? null, json_content: jsonContent }), language);
        const rendered = await renderEmail(design, { ...sampleValues(request.store, language), ...member?.values }, storePalette(request.store), language);
        return {
          data: {
            subject: rendered.subject,
            html: rendered.html,
            size_bytes: Buffer.byteLength(rendered.html),
            errors,
          },
        };
      },
    );
  },
};
