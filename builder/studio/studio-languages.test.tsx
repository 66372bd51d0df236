// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { StoreLanguages } from '../../renderers/contract/index.ts';
import { BuilderStudio } from './BuilderStudio.tsx';
import { createMemoryApi } from './memory-api.ts';

afterEach(cleanup);

const languageSwitch = () => screen.getByRole('radiogroup', { name: 'Language' });
const options = () =>
  within(languageSwitch())
    .getAllByRole('radio')
    .map((radio) => (radio.parentElement?.textContent ?? '') + ((radio as HTMLInputElement).checked ? '*' : ''));
const title = () => within(screen.getByRole('region', { name: 'Inspector' })).getByLabelText('Title', { exact: true }) as HTMLInputElement;

it("follows the store's languages while open: an added one appears, a dropped one being edited gives way to the default with a notice", async () => {
  const api = createMemoryApi();
  const studio = (languages: StoreLanguages) => <BuilderStudio api={api} surface="landing-page" languages={languages} />;
  const view = render(studio({ default: 'en', others: ['fr'] }));
  await screen.findByRole('region', { name: 'Inspector' });
  fireEvent.click(within(screen.getByRole('listitem', { name: 'Header' })).getByRole('button', { name: 'Header' }));
  const english = title().value;
  fireEvent.click(within(languageSwitch()).getByLabelText('FR'));
  fireEvent.change(title(), { target: { value: 'Bienvenue' } });
  expect(options()).toEqual(['EN', 'FR*']);

  // German added (the same languages read again as a new object, then one more): French stays
  view.rerender(studio({ default: 'en', others: ['fr'] }));
  view.rerender(studio({ default: 'en', others: ['fr', 'de'] }));
  expect(options()).toEqual(['EN', 'FR*', 'DE']);
  expect(title().value).toBe('Bienvenue');
  expect(screen.queryByText(/no longer one of the store/)).toBeNull();

  // French removed while it is being edited: English, saying why; the French text waits in the document
  view.rerender(studio({ default: 'en', others: ['de'] }));
  expect(options()).toEqual(['EN*', 'DE']);
  expect(title().value).toBe(english);
  const notice = screen.getByText(/^French is no longer one of the store's languages: showing English, the default\./);
  expect(notice.getAttribute('role')).toBe('status');
  fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
  expect(screen.queryByText(/no longer one of the store/)).toBeNull();

  // every language but the default removed: no switch; the documents were loaded once, never again
  view.rerender(studio({ default: 'en', others: [] }));
  expect(screen.queryByRole('radiogroup', { name: 'Language' })).toBeNull();
  expect(api.calls.filter((call) => call.startsWith('load'))).toEqual(['load landing_page', 'load custom_style', 'load variant landing_page']);
  await waitFor(() => expect(api.calls).toContain('save landing_page@1'), { timeout: 4000 });
  const saved = (await api.load('landing_page')).document as { translations?: Record<string, Record<string, string>> };
  expect(saved.translations?.fr).toEqual({ 'sections.header.content.visitor.title': 'Bienvenue' });
});
