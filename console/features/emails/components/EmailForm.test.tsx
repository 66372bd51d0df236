// @vitest-environment jsdom
/**
 * The simple email form in the store's languages: the studio's Language switch; in another
 * language the texts are that language's, a missing one shows the default's marked "Not
 * translated" and typing writes the translation; the preview and the test send speak the
 * language chosen.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderScreen, resetScreen } from '../../../../tests/helpers/console-screen.tsx';
import type { EmailTemplateRecord } from '../../../../server/contract/templates.ts';
import { EmailForm } from './EmailForm.tsx';
import { EmailsPage } from '../EmailsPage.tsx';

afterEach(() => {
  cleanup();
  resetScreen();
});

const template: EmailTemplateRecord = {
  key: 'birthday',
  name: 'Birthday',
  enabled: true,
  editor: 'simple',
  fields: {
    subject: 'Happy birthday, {{first_name}}!',
    preheader: 'A gift inside',
    heading: 'Happy birthday',
    body: 'Here is a gift for you.',
    button_label: 'Shop now',
    button_url: '',
    translations: { fr: { subject: 'Joyeux anniversaire, {{first_name}} !' } },
  },
  json_content: null,
  content: null,
  updated_at: null,
};
const rendered = { subject: 'Preview', html: '<p>preview</p>', size_bytes: 14, errors: {} };
const french = { settings: { default_language: 'en', languages: ['fr'] } };
const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
const notTranslated = (label: string) =>
  (field(label).getAttribute('aria-describedby') ?? '').split(' ').some((id) => document.getElementById(id)?.textContent === 'Not translated');

describe('the simple email form in the store’s languages', () => {
  it('edits the French texts beside the English ones: the missing ones marked, typing writes French, the preview and the save carry it', async () => {
    const calls = fakeApi({ 'POST /template/email': rendered, 'POST /template/store/birthday': template });
    renderScreen(<EmailForm template={template} tags={['first_name']} />, french);
    const switcher = screen.getByRole('radiogroup', { name: 'Language' });
    expect(within(switcher).getByRole('radio', { name: 'EN' })).toHaveProperty('checked', true);
    expect(field('Subject').value).toBe('Happy birthday, {{first_name}}!');
    expect(notTranslated('Subject')).toBe(false);

    fireEvent.click(within(switcher).getByRole('radio', { name: 'FR' }));
    expect(field('Subject').value).toBe('Joyeux anniversaire, {{first_name}} !');
    expect(notTranslated('Subject')).toBe(false);
    // no French heading yet: the English one stands in, marked
    expect(field('Heading').value).toBe('Happy birthday');
    expect(notTranslated('Heading')).toBe(true);
    expect(notTranslated('Body')).toBe(true);
    fireEvent.change(field('Heading'), { target: { value: 'Joyeux anniversaire' } });
    expect(field('Heading').value).toBe('Joyeux anniversaire');
    expect(notTranslated('Heading')).toBe(false);
    // the link is the same in every language
    expect(screen.getByRole('textbox', { name: 'Button link' })).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.path === '/template/email' && (call.body as { language: string }).language === 'fr')).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Save email' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/template/store/birthday')).toHaveLength(1));
    const saved = calls.find((call) => call.path === '/template/store/birthday')!.body as { fields: EmailTemplateRecord['fields'] };
    expect(saved.fields).toMatchObject({ subject: 'Happy birthday, {{first_name}}!', heading: 'Happy birthday' });
    expect(saved.fields.translations?.fr).toEqual({ subject: 'Joyeux anniversaire, {{first_name}} !', heading: 'Joyeux anniversaire' });

    // back in English: the English texts, untouched
    fireEvent.click(within(switcher).getByRole('radio', { name: 'EN' }));
    expect(field('Heading').value).toBe('Happy birthday');
  });

  it('sends a test in the store’s default language unless another is chosen', async () => {
    const calls = fakeApi({
      'POST /template/email': rendered,
      'POST /template/test': { status: 'sent', to: 'me@shop.test', subject: 'Joyeux', member: null, language: 'fr' },
    });
    renderScreen(<EmailForm template={template} tags={['first_name']} />, french);
    const card = screen.getByRole('region', { name: 'Send a test' });
    const language = within(card).getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect(language.value).toBe('en');
    fireEvent.change(within(card).getByRole('textbox', { name: 'Send to' }), { target: { value: 'me@shop.test' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send test' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/template/test')).toHaveLength(1));
    fireEvent.change(language, { target: { value: 'fr' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send test' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/template/test')).toHaveLength(2));
    expect(calls.filter((call) => call.path === '/template/test').map((call) => (call.body as { language: string }).language)).toEqual(['en', 'fr']);
    expect(await within(card).findByText(/in French/)).toBeTruthy();
  });

  it('stays on the language being edited when the save comes back, showing the saved French texts', async () => {
    let stored = template;
    const calls = fakeApi({
      'GET /template/birthday': () => stored,
      'GET /template/tags': { by_email: { birthday: [{ value: '{{first_name}}' }] } },
      'GET /template/sent': [],
      'POST /template/email': rendered,
      'POST /template/store/birthday': ({ body }: { body: unknown }) => {
        const { fields } = body as { fields: EmailTemplateRecord['fields'] };
        stored = { ...template, fields, updated_at: '2026-03-01T12:00:00.000Z' };
        return stored;
      },
    });
    const route = { path: '/emails/birthday', title: 'Birthday', purpose: 'The birthday email.' };
    renderScreen(<EmailsPage route={route} />, french);
    fireEvent.click(within(await screen.findByRole('radiogroup', { name: 'Language' })).getByRole('radio', { name: 'FR' }));
    fireEvent.change(field('Heading'), { target: { value: 'Joyeux anniversaire' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save email' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/template/store/birthday')).toHaveLength(1));
    // the form opens again on the saved template: still French, the French heading saved
    await waitFor(() =>
      expect(within(screen.getByRole('radiogroup', { name: 'Language' })).getByRole('radio', { name: 'FR' })).toHaveProperty('checked', true),
    );
    expect(field('Heading').value).toBe('Joyeux anniversaire');
    expect(notTranslated('Heading')).toBe(false);
    expect(field('Subject').value).toBe('Joyeux anniversaire, {{first_name}} !');
    expect(notTranslated('Body')).toBe(true);
    // English is a click away, unchanged
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Language' })).getByRole('radio', { name: 'EN' }));
    expect(field('Heading').value).toBe('Happy birthday');
  });

  it('shows no language choice for a store writing in one language', () => {
    fakeApi({ 'POST /template/email': rendered });
    renderScreen(<EmailForm template={template} tags={['first_name']} />);
    expect(screen.queryByRole('radiogroup', { name: 'Language' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Send a test' })).queryByRole('combobox', { name: 'Language' })).toBeNull();
  });
});
