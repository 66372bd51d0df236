/**
 * Emails go out in the member's language: the language kept for the customer (from the
 * storefront or the platform) when the store writes in it, else the store's default. The
 * template's translated subject, preheader and texts, and the product's own wording.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore, type Session } from '../../../tests/helpers/server.ts';
import { deliverDue } from './deliver.ts';
import { queueEmail } from './service.ts';
import type { RenderedEmail } from './render.ts';

describeEachDatabase('emails in the member’s language', (ctx) => {
  const store = () => ctx.fixture.storeA;
  const call = (session: Session, url: string, payload: object) => ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: session.headers, payload });
  const sent: (RenderedEmail & { to: string })[] = [];
  const mailer = { send: async (email: RenderedEmail & { to: string }) => void sent.push(email), close: () => {} };

  let events = 0;
  /** A birthday email queued for the store's customer `index`, whose kept language is `locale`; what it was sent as. */
  async function birthdayEmailFor(index: number, locale: string | null): Promise<RenderedEmail & { to: string }> {
    const customerId = store().customerIds[index]!;
    const customer = await ctx.db.updateTable('customers').set({ locale }).where('id', '=', customerId).returning('email').executeTakeFirstOrThrow();
    await queueEmail(
      ctx.db,
      { storeId: store().id, customerId, key: 'birthday', eventKey: `language-test:${(events += 1)}`, to: customer.email, data: { points_earned: '100' } },
      ctx.clock.now(),
    );
    sent.length = 0;
    await deliverDue(ctx.db, mailer, 'http://localhost', ctx.clock.now());
    const email = sent.find((mail) => mail.to === customer.email);
    expect(email, `the email to ${customer.email}`).toBeDefined();
    return email!;
  }

  /** A save of the built-in editor's email (the studio's body): its document with `translations`, its subject and preheader in the form too. */
  const builderEmail = (translations: Record<string, Record<string, string>>, own: { subject?: string; preheader?: string; blocks?: object[] } = {}) => {
    const document = {
      kind: 'email_document',
      schemaVersion: 1,
      subject: own.subject ?? 'A present for {{first_name}}',
      preheader: own.preheader ?? 'Open it before it melts',
      style: { background: '#f4f4f7', content_background: '#ffffff', accent: '#4f46e5', text_color: '#1f2937' },
      blocks: own.blocks ?? [
        { id: 'message', type: 'text', text: 'We kept a gift for you.', align: 'left' },
        { id: 'foot', type: 'footer', address: '', unsubscribe_label: 'Unsubscribe' },
      ],
      translations,
    };
    const fields = { subject: document.subject, preheader: document.preheader, heading: '', body: 'x', button_label: '', button_url: '' };
    return { enabled: true, editor: 'builder', fields, json_content: document };
  };

  it('sends a French member the French subject, preheader and texts, and an unknown language the default', async () => {
    const session = await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, store().id);
    expect((await call(session, '/store/setting/update', { default_language: 'en', languages: ['fr'] })).statusCode).toBe(200);
    const fields = {
      subject: 'Happy birthday, {{first_name}}!',
      preheader: 'A gift of {{points_earned}} {{points_label}} inside',
      heading: 'Happy birthday',
      body: 'Here are {{points_earned}} {{points_label}} for you.',
      button_label: 'Shop now',
      button_url: '',
      translations: {
        fr: {
          subject: 'Joyeux anniversaire, {{first_name}} !',
          preheader: 'Un cadeau de {{points_earned}} {{points_label}} à l’intérieur',
          heading: 'Joyeux anniversaire',
          body: 'Voici {{points_earned}} {{points_label}} pour vous.',
          button_label: 'Voir la boutique',
        },
      },
    };
    const saved = await call(session, '/template/store/birthday', { enabled: true, editor: 'simple', fields });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.fields.translations.fr.subject).toBe('Joyeux anniversaire, {{first_name}} !');

    // a member whose storefront speaks Canadian French: the store's French
    const french = await birthdayEmailFor(0, 'fr-CA');
    expect(french.subject).toMatch(/^Joyeux anniversaire, \S+ !$/);
    expect(french.html).toContain('Un cadeau de 100 points à l’intérieur');
    expect(french.html).toContain('Voici 100 points pour vous.');
    expect(french.html).toContain('Voir la boutique');
    expect(french.html).toContain('lang="fr"');
    // the product's own wording in French too; no English left
    expect(french.html).toContain('Vous recevez cet e-mail en tant que membre du programme de fidélité');
    expect(french.html).toContain('Se désabonner');
    expect(french.text).toContain('Se désabonner: http://localhost/email/unsubscribe/');
    for (const english of ['Happy birthday', 'A gift of', 'Shop now', 'You receive this email', '>Unsubscribe<']) expect(french.html).not.toContain(english);

    // a language the store does not write in (Swedish), and none kept: the default language
    for (const [index, locale] of [
      [1, 'sv'],
      [2, null],
    ] as const) {
      const email = await birthdayEmailFor(index, locale);
      expect(email.subject).toMatch(/^Happy birthday, \S+!$/);
      expect(email.html).toContain('A gift of 100 points inside');
      expect(email.html).toContain('You receive this email as a member of the');
      expect(email.html).not.toContain('Joyeux');
    }
  });

  it('translates the built-in editor’s document by its translations; a text without one stays in the default language', async () => {
    const session = await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, store().id);
    const email = builderEmail(
      {
        fr: {
          subject: 'Votre cadeau d’anniversaire',
          preheader: 'Ouvrez-le vite',
          'blocks.greeting.text': 'Bonjour {{first_name}}',
          'blocks.foot.unsubscribe_label': 'Se désabonner',
        },
      },
      {
        subject: 'Your birthday gift',
        preheader: 'Open it now',
        blocks: [
          { id: 'greeting', type: 'heading', text: 'Hello {{first_name}}', align: 'left' },
          { id: 'message', type: 'text', text: 'We kept a gift for you.', align: 'left' },
          { id: 'foot', type: 'footer', address: '', unsubscribe_label: 'Unsubscribe' },
        ],
      },
    );
    const saved = await call(session, '/template/store/birthday', email);
    expect(saved.statusCode).toBe(200);
    const french = await birthdayEmailFor(0, 'fr');
    expect(french.subject).toBe('Votre cadeau d’anniversaire');
    expect(french.html).toContain('Ouvrez-le vite');
    expect(french.html).toMatch(/Bonjour \S+/);
    expect(french.html).toContain('Se désabonner');
    // no French text for this one: the default language's
    expect(french.html).toContain('We kept a gift for you.');
    const english = await birthdayEmailFor(1, 'de');
    expect(english.subject).toBe('Your birthday gift');
    expect(english.html).toMatch(/Hello \S+/);
  });

  it('refuses a translation in what is no language, or with a placeholder the email does not know, saving nothing', async () => {
    const session = await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, store().id);
    const base = { subject: 'Hi', preheader: '', heading: 'Hi', body: 'Hello', button_label: '', button_url: '' };
    const anniversary = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/template', headers: session.headers }))
        .json()
        .data.find((email: { key: string }) => email.key === 'anniversary');
    const before = await anniversary();
    expect(before).toBeDefined();
    const notALanguage = await call(session, '/template/store/anniversary', {
      editor: 'simple',
      fields: { ...base, translations: { french: { subject: 'Salut' } } },
    });
    expect(notALanguage.statusCode).toBe(422);
    expect(JSON.stringify(notALanguage.json().errors)).toMatch(/BCP 47/);
    const unknown = await call(session, '/template/store/anniversary', {
      editor: 'simple',
      fields: { ...base, translations: { fr: { subject: 'Salut {{nope}}' } } },
    });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toContain('fields.translations.fr.subject');
    expect(await anniversary()).toEqual(before);
  });

  it('sends the built-in editor’s French subject and preheader to a French member; a missing one is the default’s; the preview speaks the language asked', async () => {
    const session = await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, store().id);
    expect((await call(session, '/store/setting/update', { default_language: 'en', languages: ['fr'] })).statusCode).toBe(200);
    const both = await call(
      session,
      '/template/store/birthday',
      builderEmail({ fr: { subject: 'Un cadeau pour {{first_name}}', preheader: 'Ouvrez-le vite' } }),
    );
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().data.json_content.translations.fr).toEqual({ subject: 'Un cadeau pour {{first_name}}', preheader: 'Ouvrez-le vite' });
    const french = await birthdayEmailFor(0, 'fr');
    expect(french.subject).toMatch(/^Un cadeau pour \S+$/);
    expect(french.html).toContain('Ouvrez-le vite');
    expect(french.html).not.toContain('Open it before it melts');

    // the French subject only: the preheader falls back to the default language's
    expect((await call(session, '/template/store/birthday', builderEmail({ fr: { subject: 'Un cadeau pour {{first_name}}' } }))).statusCode).toBe(200);
    const fallback = await birthdayEmailFor(0, 'fr');
    expect(fallback.subject).toMatch(/^Un cadeau pour \S+$/);
    expect(fallback.html).toContain('Open it before it melts');
    const english = await birthdayEmailFor(1, null);
    expect(english.subject).toMatch(/^A present for \S+$/);

    // the studio's canvas: the email in the language being edited, else the default
    const { json_content: document, fields } = builderEmail({ fr: { subject: 'Un cadeau pour {{first_name}}', preheader: 'Ouvrez-le vite' } });
    const preview = async (language?: string) =>
      call(session, '/template/email', { email: 'birthday', editor: 'builder', fields, json_content: document, language });
    const inFrench = await preview('fr');
    expect(inFrench.json().data.subject).toBe('Un cadeau pour Jamie');
    expect(inFrench.json().data.html).toContain('Ouvrez-le vite');
    expect(inFrench.json().data.html).toContain('lang="fr"');
    expect((await preview()).json().data.subject).toBe('A present for Jamie');
    const badPreview = await preview('fr_FR!');
    expect(badPreview.statusCode).toBe(422);
    expect(badPreview.body).toContain('is not a language code');
  });

  it('refuses texts in a language the store does not write in, or in what is no language, naming the field; a language the email had is kept', async () => {
    const session = await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, store().id);
    expect((await call(session, '/store/setting/update', { default_language: 'en', languages: ['fr'] })).statusCode).toBe(200);
    const current = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/template/anniversary', headers: session.headers })).json().data as { json_content: unknown };
    const before = await current();

    const german = await call(session, '/template/store/anniversary', builderEmail({ de: { subject: 'Ein Geschenk' } }));
    expect(german.statusCode).toBe(422);
    expect(german.json().errors['json_content.translations.de']).toBe(
      '"de" is not one of the store\'s languages (en, fr): add it under Languages in the store\'s settings first.',
    );
    const { fields } = builderEmail({});
    const germanForm = await call(session, '/template/store/anniversary', {
      editor: 'simple',
      fields: { ...fields, translations: { de: { subject: 'Hallo' } } },
    });
    expect(germanForm.statusCode).toBe(422);
    expect(germanForm.json().errors).toHaveProperty(['fields.translations.de']);
    const notALanguage = await call(session, '/template/store/anniversary', builderEmail({ français: { subject: 'Un cadeau' } }));
    expect(notALanguage.statusCode).toBe(422);
    expect(notALanguage.json().errors['json_content.translations.français']).toMatch(/BCP 47/);
    expect(await current()).toEqual(before);

    // saved in French, then the store drops French: the email still saves with its French texts
    expect((await call(session, '/template/store/anniversary', builderEmail({ fr: { subject: 'Un cadeau' } }))).statusCode).toBe(200);
    expect((await call(session, '/store/setting/update', { languages: [] })).statusCode).toBe(200);
    const kept = await call(session, '/template/store/anniversary', builderEmail({ fr: { subject: 'Un autre cadeau' } }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.json_content.translations.fr.subject).toBe('Un autre cadeau');
  });
});
