// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Link, MemoryRouter } from 'react-router';
import { customerPageAtom, uiStore } from '../state/client-state.ts';
import { CustomerListReset, isCustomerPath } from './CustomerListReset.tsx';

afterEach(cleanup);

describe('leaving customer pages resets the customer list to page 1 (spec §4)', () => {
  it.each([
    ['/customers', true],
    ['/customers/details', true],
    ['/customers-archive', false],
    ['/home', false],
  ])('%s is a customer page: %s', (path, yes) => {
    expect(isCustomerPath(path)).toBe(yes);
  });

  it.each([
    ['/customers/details', 3],
    ['/customers/receipt-moderation', 3],
    ['/home', 1],
    ['/settings', 1],
  ])('from /customers on page 3 to %s → page %i', (to, page) => {
    render(
      <MemoryRouter initialEntries={['/customers']}>
        <Link to={to}>go</Link>
        <CustomerListReset />
      </MemoryRouter>,
    );
    act(() => {
      uiStore.set(customerPageAtom, 3);
    });
    act(() => {
      screen.getByRole('link', { name: 'go' }).click();
    });
    expect(uiStore.get(customerPageAtom)).toBe(page);
  });
});
