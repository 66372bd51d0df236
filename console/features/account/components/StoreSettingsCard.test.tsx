// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
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
