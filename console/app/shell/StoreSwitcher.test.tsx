// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { StoreListItem } from '../../lib/api/types.ts';
import { StoreLogo } from './StoreSwitcher.tsx';
import { installAriaJsdomPolyfills } from '../../../tests/helpers/jsdom.ts';

installAriaJsdomPolyfills();
afterEach(cleanup);

const store = (id: number, title: string, token = `t${id}`): StoreListItem => ({ store_id: id, store_title: title, store_name: `s${id}`, access_token: token });

function renderLogo(stores: StoreListItem[]) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <StoreLogo stores={stores} currentTitle="Demo Outdoor Co." />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('logo and store switcher (spec §2 / §5 / §9)', () => {
  it.each([
    ['one store: a link to /home', [store(1, 'Demo Outdoor Co.')]],
    ['two stores, one without a token: still a link', [store(1, 'Demo Outdoor Co.'), store(2, 'Closed', '')]],
  ])('%s', (_name, stores) => {
    renderLogo(stores);
    expect(screen.getByRole('link', { name: 'Loyalty Studio home' }).getAttribute('href')).toBe('/home');
    expect(screen.queryByRole('button', { name: /Switch store/ })).toBeNull();
  });

  it('more than one store: a switcher listing names cut at 22 characters, filtered, with the empty message', () => {
    renderLogo([store(1, 'Demo Outdoor Co.'), store(2, 'The Extraordinarily Long Store Name'), store(3, 'Hidden', '')]);
    fireEvent.click(screen.getByRole('button', { name: 'Loyalty Studio Demo Outdoor Co. — Switch store' }));
    expect(screen.getByRole('dialog', { name: 'Switch store' })).toBeTruthy();
    const names = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(names).toEqual(['DDemo Outdoor Co.', 'TThe Extraordinarily L…']);
    fireEvent.change(screen.getByPlaceholderText('Search stores'), { target: { value: 'OUTDOOR' } });
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    fireEvent.change(screen.getByPlaceholderText('Search stores'), { target: { value: 'hidden' } });
    expect(screen.getByText('Could not find any results')).toBeTruthy();
  });
});
