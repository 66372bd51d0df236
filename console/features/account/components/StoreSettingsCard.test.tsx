// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderScreen, resetScreen, screenStore as store } from '../../../../tests/helpers/console-screen.tsx';
import { StoreSettingsCard } from './StoreSettingsCard.tsx';

afterEach(() => {
  cleanup();
  resetScreen();
});

const saves = (calls: ReturnType<typeof fakeApi>) => calls.filter((call) => call.method === 'POST' && call.path === '/store/setting/update');

/** Saves the card and answers what the settings call sent. */
async function savedBody(calls: ReturnType<typeof fakeApi>): Promise<unknown> {
  fireEvent.click(screen.getByRole('button', { name: 'Save store settings' }));
  await waitFor(() => expect(saves(calls)).toHaveLength(1));
  return saves(calls)[0]!.body;
}

describe('the store’s brand colour in the store settings', () => {
  it('refuses what is not #rrggbb with a clear message on the field, and sends nothing', async () => {
    const calls = fakeApi({ 'POST /store/setting/update': {} });
    renderScreen(<StoreSettingsCard store={store()} />);
    const input = screen.getByLabelText('Brand colour') as HTMLInputElement;
    expect(input.value).toBe('');
    for (const bad of ['brown', '#6b3f1', '6b3f1d', '#6b3f1dff']) {
      fireEvent.change(input, { target: { value: bad } });
      fireEvent.blur(input);
      fireEvent.click(screen.getByRole('button', { name: 'Save store settings' }));
      const error = await screen.findByText('Enter a colour as # and six hex digits, such as #6b3f1d.');
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toContain(error.id);
    }
    expect(saves(calls)).toEqual([]);
  });

  it('saves a typed colour through the settings call', async () => {
    const calls = fakeApi({ 'POST /store/setting/update': {} });
    renderScreen(<StoreSettingsCard store={store()} />);
    fireEvent.change(screen.getByLabelText('Brand colour'), { target: { value: '#6b3f1d' } });
    expect(await savedBody(calls)).toMatchObject({ primary_color: '#6b3f1d', website: 'https://coffee.example' });
    expect(await screen.findByText('Store settings saved')).toBeTruthy();
  });

  it('the picker writes the colour into the field (keyboard on its hue slider), and that colour is saved', async () => {
    const calls = fakeApi({ 'POST /store/setting/update': {} });
    renderScreen(<StoreSettingsCard store={store({ primary_color: '#6b3f1d' })} />);
    const input = screen.getByLabelText('Brand colour') as HTMLInputElement;
    expect(input.value).toBe('#6b3f1d');
    expect(screen.queryByRole('group', { name: 'Brand colour picker' })).toBeNull();
    const swatch = screen.getByRole('button', { name: 'Pick the brand colour' });
    expect(swatch.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(swatch);
    expect(swatch.getAttribute('aria-expanded')).toBe('true');
    const picker = screen.getByRole('group', { name: 'Brand colour picker' });
    const hue = picker.querySelector('[aria-label="Hue"]')!;
    fireEvent.keyDown(hue, { key: 'ArrowRight', keyCode: 39 });
    await waitFor(() => expect(input.value).not.toBe('#6b3f1d'));
    expect(input.value).toMatch(/^#[0-9a-f]{6}$/);
    expect(await savedBody(calls)).toMatchObject({ primary_color: input.value });
  });

  it('an empty field leaves the brand colour unset: the other settings still save', async () => {
    const calls = fakeApi({ 'POST /store/setting/update': {} });
    renderScreen(<StoreSettingsCard store={store()} />);
    fireEvent.change(screen.getByLabelText('Website'), { target: { value: 'https://beans.example' } });
    expect(await savedBody(calls)).toEqual({ website: 'https://beans.example', email_settings: { unlayer: false } });
  });
});

const languages = () => screen.getByRole('group', { name: 'Other languages' });
const checkbox = (name: string) => within(languages()).getByRole('checkbox', { name }) as HTMLInputElement;
const defaultLanguage = () => screen.getByRole('combobox', { name: 'Default language' }) as HTMLSelectElement;
const codeBox = () => screen.getByRole('textbox', { name: 'Other language code' }) as HTMLInputElement;
const addCode = (value: string) => {
  fireEvent.change(codeBox(), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
};
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save store settings' }));

describe("the store's languages", () => {
  it('offers the product languages by name, says where they show, and the default is not among the others', () => {
    fakeApi({});
    renderScreen(<StoreSettingsCard store={store()} />);
    expect(defaultLanguage().value).toBe('en');
    expect(checkbox('Français (fr)').checked).toBe(false);
    expect(checkbox('العربية (ar)')).toBeTruthy();
    expect(checkbox('Português (Brasil) (pt-BR)')).toBeTruthy();
    const english = checkbox('English (en), the default language');
    expect(english.disabled).toBe(true);
    expect(screen.getByRole('group', { name: 'Languages' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/Shoppers see the storefront in these languages, and the studio's Language switch offers them/)).toBeTruthy();
  });

  it('sets French and Arabic, makes French the default and saves exactly that', async () => {
    const calls = fakeApi({ 'POST /store/setting/update': {} });
    renderScreen(<StoreSettingsCard store={store()} />);
    fireEvent.click(checkbox('Français (fr)'));
    fireEvent.click(checkbox('العربية (ar)'));
    fireEvent.change(defaultLanguage(), { target: { value: 'fr' } });
    expect(checkbox('Français (fr), the default language').disabled).toBe(true);
    expect(checkbox('English (en)').checked).toBe(false);
    fireEvent.click(checkbox('English (en)'));
    save();
    await within(screen.getByRole('status', { name: 'Notifications' })).findByText('Store settings saved');
    expect(saves(calls).map((call) => call.body)).toEqual([
      { website: 'https://coffee.example', email_settings: { unlayer: false }, default_language: 'fr', languages: ['ar', 'en'] },
    ]);
  });

  it('adds a valid code in canonical case, removes it, and saves the added ones', async () => {
    const calls = fakeApi({ 'POST /store/setting/update': {} });
    renderScreen(<StoreSettingsCard store={store({ default_language: 'de', languages: ['es'] })} />);
    expect(defaultLanguage().value).toBe('de');
    expect(checkbox('Español (es)').checked).toBe(true);
    addCode('zh-hant');
    addCode('sw');
    expect(codeBox().value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: /^Remove .*\(zh-Hant\)$/ }));
    expect(screen.queryByRole('button', { name: /\(zh-Hant\)$/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Kiswahili (sw)' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Kiswahili (sw)' })).toBeTruthy();
    save();
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]?.body).toMatchObject({ default_language: 'de', languages: ['es', 'sw'] });
  });

  it('refuses an invalid code inline, with the server rule, and sends nothing', async () => {
    const calls = fakeApi({ 'POST /store/setting/update': {} });
    renderScreen(<StoreSettingsCard store={store()} />);
    addCode('english!');
    expect(await screen.findByText('"english!" is not a language code. Use a BCP 47 language code such as en, fr, de, pt-BR or zh-Hant')).toBeTruthy();
    expect(codeBox().getAttribute('aria-invalid')).toBe('true');
    expect(codeBox().value).toBe('english!');
    addCode('en');
    expect(screen.getByText('English (en) is the default language.')).toBeTruthy();
    fireEvent.keyDown(codeBox(), { key: 'Enter' });
    expect(within(languages()).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(saves(calls)).toEqual([]);
  });

  it("shows the server's 422 field errors on the matching fields", async () => {
    const calls = fakeApi({
      'POST /store/setting/update': new Response(
        JSON.stringify({
          message: 'The given data was invalid.',
          errors: { default_language: 'Choose another default language.', 'languages.0': 'Keep to 30 languages or fewer.' },
        }),
        { status: 422 },
      ),
    });
    renderScreen(<StoreSettingsCard store={store()} />);
    fireEvent.click(checkbox('Deutsch (de)'));
    save();
    await waitFor(() => expect(defaultLanguage().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Choose another default language.')).toBeTruthy();
    expect(languages().getAttribute('aria-invalid')).toBe('true');
    expect(within(languages()).getByText('Keep to 30 languages or fewer.')).toBeTruthy();
    expect(screen.getByText(/The settings were not saved/)).toBeTruthy();
    expect(saves(calls)).toHaveLength(1);
  });
});
