import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';
import { decodedBody, startSmtpPeer } from '../../../tests/helpers/smtp.ts';
import { STARTERS } from './starters.ts';
import { TEMPLATE_TOO_LARGE } from './template-routes.ts';

const smtp = await startSmtpPeer();
afterAll(() => smtp.close());

const form = { ...STARTERS['points-earned'], subject: 'Hello {{first_name}}, {{points_earned}} {{points_label}} for you' };

describeEachDatabase(
  'email templates',
  (ctx) => {
    const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, store = ctx.fixture.storeA, user = ctx.fixture.users.alice) => {
      const { headers } = await signInOnStore(ctx.app, user, ctx.fixture.password, store.id);
      return ctx.app.inject({
        method,
        url: `/api/v1${url}`,
        headers,
        ...(payload === undefined
          ? {}
          : typeof payload === 'string'
            ? { payload, headers: { ...headers, 'content-type': 'application/json' } }
            : { payload: payload as object }),
      });
    };

    it('lists the nine emails with starters, tags, featured designs and starter content', async () => {
      const list = (await call('GET', '/template')).json().data;
      const keys =
        'referral-received referral-completed points-earned reward-redeemed birthday anniversary loyalty-tier-update early-points-expiry final-points-expiry';
      expect(list.map((email: { key: string }) => email.key).join(' ')).toBe(keys);
      expect(list[2]).toMatchObject({ name: 'Points Earned', enabled: true, editor: 'simple', updated_at: null, fields: STARTERS['points-earned'] });
      expect((await call('GET', '/template/starter/birthday')).json().data.subject).toBe('Happy birthday, {{first_name}}!');
      expect((await call('GET', '/template/starter/nope')).statusCode).toBe(422);
      const tags = (await call('GET', '/template/tags')).json().data;
      expect(tags.common.map((tag: { value: string }) => tag.value)).toContain('{{loyalty_points_balance}}');
      expect(tags.by_email['loyalty-tier-update'].map((tag: { value: string }) => tag.value)).toContain('{{tier_name}}');
      expect((await call('GET', '/platform/template')).json().data).toHaveLength(27);
    });

    it('saves the form, reads it back, and keeps it per store', async () => {
      const saved = await call('POST', '/template/store/points-earned', { enabled: false, fields: form });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data).toMatchObject({ enabled: false, fields: form, updated_at: '2026-03-01T12:00:00.000Z' });
      expect((await call('GET', '/template/points-earned')).json().data.fields.subject).toBe(form.subject);
      const other = (await call('GET', '/template/points-earned', undefined, ctx.fixture.storeB, ctx.fixture.users.bob)).json().data;
      expect(other).toMatchObject({ enabled: true, updated_at: null, fields: STARTERS['points-earned'] });
    });

    it('refuses unknown placeholders with a field error and writes nothing', async () => {
      const refused = await call('POST', '/template/store/birthday', { fields: { ...STARTERS.birthday, body: 'Hi {{first_name}}, use {{voucher}}' } });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors['fields.body']).toMatch(/^Unknown placeholder \{\{voucher\}\}: use one of first_name/);
      expect((await call('GET', '/template/birthday')).json().data.updated_at).toBeNull();
      const badUrl = await call('POST', '/template/store/birthday', { fields: { ...STARTERS.birthday, button_url: 'javascript:alert(1)' } });
      expect(Object.keys(badUrl.json().errors)).toEqual(['fields.button_url']);
    });

    it('sanitises the visual editor HTML on save: no script, handler, javascript: link, meta refresh or markup inside a style', async () => {
      const content =
        '<html><body><h1 onclick="steal()">Hi {{first_name}}</h1><script>alert(1)</script><a href="javascript:alert(2)">x</a><a href="https://shop.test/">ok</a><img src="https://cdn.test/a.png" onerror="x()">' +
        '<svg><style><img src=x onerror=alert(3)></style></svg><meta http-equiv="refresh" content="0;url=javascript:alert(4)"></body></html>';
      const saved = await call('POST', '/template/store/anniversary', {
        editor: 'unlayer',
        fields: STARTERS.anniversary,
        json_content: { body: { rows: [] } },
        content,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const stored = saved.json().data;
      expect(stored.json_content).toEqual({ body: { rows: [] } });
      expect(stored.content).toContain('<h1>Hi {{first_name}}</h1>');
      expect(stored.content).toContain('href="https://shop.test/"');
      expect(stored.content).not.toMatch(/script|onclick|onerror|javascript:|http-equiv|<svg|<style/i);
    });

    it('answers a 20 MB design with 413 and the spec message', async () => {
      const huge = JSON.stringify({ fields: STARTERS.birthday, editor: 'unlayer', json_content: { blob: 'x'.repeat(20 * 1024 * 1024) }, content: '<p>x</p>' });
      const refused = await call('POST', '/template/store/birthday', huge);
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toMatchObject({ message: TEMPLATE_TOO_LARGE, code: 'payload_too_large' });
    });

    it('renders a preview with sample data through MJML, with its size', async () => {
      const preview = (await call('POST', '/template/email', { email: 'points-earned', fields: form })).json().data;
      expect(preview.subject).toBe('Hello Jamie, 120 points for you');
      expect(preview.html).toContain('<!doctype html>');
      expect(preview.html).toContain('Thanks for order #1042');
      expect(preview.size_bytes).toBe(Buffer.byteLength(preview.html));
    });

    it('test send arrives at a real SMTP peer filled with a member of the store', async () => {
      const before = smtp.received.length;
      const sent = await call('POST', '/template/test', { email: 'points-earned', to: 'marketer@example.com', fields: form });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().data).toMatchObject({ status: 'sent', to: 'marketer@example.com', member: 'Cleoalpha Fixture' });
      expect(smtp.received).toHaveLength(before + 1);
      const mail = smtp.received.at(-1)!;
      expect(mail.to).toEqual(['marketer@example.com']);
      expect(decodedBody(mail.raw)).toContain('Subject: Hello Cleoalpha, 120 points for you');
      expect(decodedBody(mail.raw)).toContain('Hi Cleoalpha,');
      expect(decodedBody(mail.raw)).not.toContain('{{');
      const log = (await call('GET', '/template/sent?email=points-earned')).json().data;
      expect(log[0]).toMatchObject({ status: 'sent', to_address: 'marketer@example.com', subject: 'Hello Cleoalpha, 120 points for you' });
      expect((await call('POST', '/template/test', { email: 'points-earned', to: 'not-an-address' })).statusCode).toBe(422);
      expect((await call('POST', '/template/test', { email: 'points-earned', to: 'a@b.co', customer_id: ctx.fixture.storeB.customerIds[0] })).statusCode).toBe(
        404,
      );
      expect(smtp.received).toHaveLength(before + 1);
    });

    it('test send in a language the merchant chooses: the store default when none, a language the store does not write in refused with nothing sent', async () => {
      expect((await call('POST', '/store/setting/update', { default_language: 'en', languages: ['fr'] })).statusCode).toBe(200);
      const translated = {
        ...form,
        body: 'Hi {{first_name}}, you earned points.',
        translations: { fr: { subject: 'Bonjour {{first_name}}, {{points_earned}} {{points_label}} pour vous', body: 'Salut {{first_name}}, merci !' } },
      };
      const before = smtp.received.length;
      const send = (language?: string) => call('POST', '/template/test', { email: 'points-earned', to: 'marketer@example.com', fields: translated, language });
      const french = await send('fr');
      expect(french.statusCode, french.body).toBe(200);
      expect(french.json().data).toMatchObject({ status: 'sent', language: 'fr', subject: 'Bonjour Cleoalpha, 120 points pour vous' });
      const frenchMail = decodedBody(smtp.received.at(-1)!.raw);
      expect(frenchMail).toContain('Subject: Bonjour Cleoalpha, 120 points pour vous');
      expect(frenchMail).toContain('Salut Cleoalpha, merci !');
      expect(frenchMail).toContain('lang="fr"');
      expect(frenchMail).not.toContain('you earned points');
      // none chosen: the store's default language
      const english = await send();
      expect(english.json().data).toMatchObject({ status: 'sent', language: 'en', subject: 'Hello Cleoalpha, 120 points for you' });
      expect(decodedBody(smtp.received.at(-1)!.raw)).toContain('Hi Cleoalpha, you earned points.');
      expect(smtp.received).toHaveLength(before + 2);
      // German is a language, but not the store's; "klingon!" is none: refused, nothing sent
      const german = await send('de');
      expect(german.statusCode).toBe(422);
      expect(german.json()).toMatchObject({
        code: 'unknown_language',
        errors: { language: '"de" is not one of the store\'s languages (en, fr): add it under Languages in the store\'s settings first.' },
      });
      const nonsense = await send('klingon!');
      expect(nonsense.statusCode).toBe(422);
      expect(nonsense.body).toContain('is not a language code');
      expect(smtp.received).toHaveLength(before + 2);
      expect((await call('POST', '/store/setting/update', { languages: [] })).statusCode).toBe(200);
    });

    it('the built-in editor: starts from the email in the store palette, saves its document, renders it with MJML for a real member', async () => {
      const starter = (await call('GET', '/template/reward-redeemed')).json().data.document;
      expect(starter).toMatchObject({ kind: 'email_document', schemaVersion: 1, subject: STARTERS['reward-redeemed'].subject });
      expect(starter.blocks.map((block: { type: string }) => block.type)).toEqual(['logo', 'heading', 'text', 'reward_code', 'button', 'divider', 'footer']);
      const document = {
        ...starter,
        subject: 'Your code, {{first_name}}',
        blocks: [
          ...starter.blocks.slice(0, 1),
          { id: 'hi', type: 'heading', text: 'Enjoy <b>{{reward_name}}</b>', align: 'center' },
          ...starter.blocks.slice(3),
        ],
      };
      const body = { editor: 'builder', fields: STARTERS['reward-redeemed'], json_content: document };
      const saved = await call('POST', '/template/store/reward-redeemed', body);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data).toMatchObject({ editor: 'builder', fields: { subject: 'Your code, {{first_name}}' }, document });
      expect((await call('GET', '/template/reward-redeemed')).json().data.document).toEqual(document);

      const customerId = ctx.fixture.storeA.customerIds[0];
      const preview = await call('POST', '/template/email', { email: 'reward-redeemed', ...body, customer_id: customerId });
      expect(preview.statusCode, preview.body).toBe(200);
      const { subject, html, errors } = preview.json().data;
      expect(errors).toEqual({});
      expect(subject).toBe('Your code, Annalpha'); // the member chosen, not the sample Jamie
      expect(html).toContain('Enjoy &lt;b&gt;$10 off&lt;/b&gt;'); // merchant text is text
      expect(html).toContain('THANKS-7Q2X');
      expect(html).toContain('class="eb-hi"');
      expect((await call('POST', '/template/email', { email: 'reward-redeemed', ...body, customer_id: ctx.fixture.storeB.customerIds[0] })).statusCode).toBe(
        404,
      );

      // the program sends the saved document: a test send arrives with it, filled
      const sent = await call('POST', '/template/test', { email: 'reward-redeemed', to: 'builder@example.com' });
      expect(sent.statusCode, sent.body).toBe(200);
      const text = decodedBody(smtp.received.at(-1)!.raw);
      expect(text).toContain('Subject: Your code, Cleoalpha');
      expect(text).toContain('Enjoy <b>$10 off</b>');
    });

    it('the built-in editor: unknown placeholders and invalid blocks are listed by path, nothing is written', async () => {
      const starter = (await call('GET', '/template/birthday')).json().data.document;
      const withUnknown = { ...starter, blocks: [...starter.blocks, { id: 'x', type: 'text', text: 'Use {{voucher}}', align: 'left' }] };
      const preview = (
        await call('POST', '/template/email', { email: 'birthday', editor: 'builder', fields: STARTERS.birthday, json_content: withUnknown })
      ).json().data;
      const path = `json_content.blocks.${starter.blocks.length}.text`;
      expect(preview.errors[path]).toMatch(/^Unknown placeholder \{\{voucher\}\}/);
      const refused = await call('POST', '/template/store/birthday', { editor: 'builder', fields: STARTERS.birthday, json_content: withUnknown });
      expect(refused.statusCode).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual([path]);
      const badLink = { ...starter, blocks: [{ id: 'b', type: 'button', label: 'Go', url: 'javascript:alert(1)', align: 'left' }] };
      const invalid = await call('POST', '/template/store/birthday', { editor: 'builder', fields: STARTERS.birthday, json_content: badLink });
      expect(invalid.statusCode).toBe(422);
      expect(invalid.json().errors['json_content.blocks.0.url']).toMatch(/^Enter a link starting with https:\/\//);
      expect((await call('GET', '/template/birthday')).json().data.editor).toBe('simple');
    });
  },
  { config: { smtpUrl: smtp.url } },
);
