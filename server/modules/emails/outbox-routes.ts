import { randomBytes } from 'node:crypto';
import fastifyFormbody from '@fastify/formbody';
import { z } from 'zod';
import { dataEnvelope } from '../../contract/common.ts';
import { emailKey, templateTestBody, templateTestResult } from './contract/templates.ts';
import {
  designInLanguage,
  designOf,
  foreignLanguageMessage,
  latestMemberId,
  listOutbox,
  markSent,
  markSkipped,
  memberValues,
  queueEmail,
  readTemplate,
  renderEmail,
  sampleValues,
  storeLanguage,
  storePalette,
  unsubscribeByToken,
  type QueuedEmail,
} from './service.ts';
import type { RouteModule } from '../../http/context.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { escapeHtml } from './placeholders.ts';
import { storeLanguages } from '../../../renderers/contract/index.ts';

const sentLogQuery = z.strictObject({
  customer_id: z.coerce.number().int().positive().optional(),
  email: emailKey.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
const sentLogItem = z.object({
  id: z.number(),
  customer_id: z.number().nullable(),
  email_key: z.string(),
  to_address: z.string(),
  status: z.string(),
  attempts: z.number(),
  last_error: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  subject: z.string().nullable(),
});
const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** Test send and the "Sent emails" log (console), and the shoppers' one-click unsubscribe. */
export const emailOutboxRoutes: RouteModule = {
  prefix: '/api/v1',
  register(app) {
    app.post(
      '/template/test',
      {
        config: { permission: 'program:edit' },
        schema: {
          tags: ['emails'],
          summary: "Send a design, filled with a real member's data, to an address",
          body: templateTestBody,
          response: { 200: dataEnvelope(templateTestResult) },
        },
      },
      async (request) => {
        const { email: key, to, customer_id: customerId } = request.body;
        // the language chosen (one the store writes in), else the store's default; nothing is sent in another
        const language = request.body.language ?? storeLanguage(request.store);
        const refusal = foreignLanguageMessage(language, storeLanguages(request.store.settings as Record<string, unknown>));
        if (refusal) throw new ApiError(422, refusal, 'unknown_language', { language: refusal });
        const saved = await readTemplate(app.db, request.store.id, key);
        const design = designOf({
          editor: request.body.editor ?? saved.editor,
          fields: request.body.fields ?? saved.fields,
          content: request.body.content ?? saved.content,
          json_content: request.body.json_content ?? saved.json_content,
        });
        const memberId = customerId ?? (await latestMemberId(app.db, request.store.id));
        const member = memberId ? await memberValues(app.db, request.store, memberId, language) : null;
        if (customerId && !member) throw notFound('Customer');
        const values = { ...sampleValues(request.store, language), ...member?.values };
        const rendered = await renderEmail(designInLanguage(design, language), values, storePalette(request.store), language);
        const now = app.clock.now();
        const eventKey = `test:${randomBytes(9).toString('base64url')}`;
        const mailer = app.mailer;
        const queued: QueuedEmail = { storeId: request.store.id, customerId: null, key, eventKey, to, data: {}, rendered };
        const id = await queueEmail(app.db, queued, now, mailer ? 'sending' : 'queued');
        const result = { to, subject: rendered.subject, member: member ? (member.values.full_name ?? null) : null, language };
        if (!mailer || id === null) return { data: { status: 'queued' as const, ...result } };
        try {
          await mailer.send({ ...rendered, to, fromName: request.store.title });
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          await markSkipped(app.db, id, reason, 'failed');
          throw new ApiError(422, `The mail server did not accept the test email: ${reason}`, 'smtp_failed');
        }
        await markSent(app.db, id, now);
        return { data: { status: 'sent' as const, ...result } };
      },
    );

    app.get(
      '/template/sent',
      {
        config: { permission: 'program:read' },
        schema: {
          tags: ['emails'],
          summary: 'Sent emails log (per customer or per email)',
          querystring: sentLogQuery,
          response: { 200: dataEnvelope(z.array(sentLogItem)) },
        },
      },
      async (request) => {
        const rows = await listOutbox(app.db, request.store.id, {
          customerId: request.query.customer_id,
          key: request.query.email,
          limit: request.query.limit,
        });
        return {
          data: rows.map(({ rendered, ...row }) => ({
            ...row,
            sent_at: iso(row.sent_at),
            created_at: iso(row.created_at) ?? '',
            subject: rendered?.subject ?? null,
          })),
        };
      },
    );
  },
};

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>${title}</h1>${text}</body></html>`;

/** Public: GET shows a confirm button (mail scanners follow links), POST unsubscribes (RFC 8058 one-click too). */
export const unsubscribeRoutes: RouteModule = {
  prefix: '/email',
  async register(app) {
    // mail clients post `List-Unsubscribe=One-Click` form-encoded; the page's button posts an empty form
    await app.register(fastifyFormbody);
    const params = z.strictObject({ token: z.string().min(10).max(100) });
    app.get('/unsubscribe/:token', { schema: { hide: true, params } }, async (request, reply) => {
      const action = `/email/unsubscribe/${encodeURIComponent(request.params.token)}`;
      const form = `<p>Stop receiving the rewards program's emails?</p><form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`;
      return reply.type('text/html').send(page('Unsubscribe', form));
    });
    app.post('/unsubscribe/:token', { schema: { hide: true, params, body: z.unknown() } }, async (request, reply) => {
      const done = await unsubscribeByToken(app.db, request.params.token);
      if (!done) return reply.code(404).type('text/html').send(page('Link not found', '<p>This unsubscribe link is not valid.</p>'));
      return reply.type('text/html').send(page('You are unsubscribed', `<p>${escapeHtml(done.email)} will not receive these emails any more.</p>`));
    });
  },
};
