// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Menu } from './Menu.tsx';
import { installAriaJsdomPolyfills } from '../../../tests/helpers/jsdom.ts';

installAriaJsdomPolyfills();
afterEach(cleanup);

const setup = (header?: string) => {
  const onLogout = vi.fn();
  const onNavigate = vi.fn();
  render(
    <Menu
      label="Olivia · Account menu"
      trigger="Olivia"
      header={header}
      onNavigate={onNavigate}
      items={[
        { id: 'account', label: 'My account', href: '/settings' },
        { id: 'help', label: 'Help Center', href: 'https://help.example.com/', external: true },
        { id: 'logout', label: 'Logout', onSelect: onLogout },
      ]}
    />,
  );
  return { onLogout, onNavigate, button: screen.getByRole('button', { name: 'Olivia · Account menu' }) };
};

describe('menu button pattern (keyboard accessible)', () => {
  it('the button is named with its visible text and announces its menu', () => {
    const { button } = setup();
    expect(button.textContent).toBe('Olivia');
    expect(button.getAttribute('aria-label')).toContain(button.textContent);
    expect(button.getAttribute('aria-haspopup')).toBe('true');
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('Enter opens the menu with focus on the first item; arrows move and wrap; Enter chooses', async () => {
    const user = userEvent.setup();
    const { onLogout, button } = setup();
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('My account'));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('menu', { name: 'Olivia · Account menu' })).toBeTruthy();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Logout');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('My account');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Logout');
    await user.keyboard('{Enter}');
    expect(onLogout).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('typing jumps to the item starting with the letters', async () => {
    const user = userEvent.setup();
    const { button } = setup();
    button.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('My account'));
    await user.keyboard('l');
    expect(document.activeElement?.textContent).toBe('Logout');
  });

  it('Escape closes and returns focus to the button', async () => {
    const user = userEvent.setup();
    const { button } = setup();
    await user.click(button);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['My account', 'Help Center (opens in a new tab)', 'Logout']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('an internal link navigates inside the app; an external one opens a new tab', async () => {
    const user = userEvent.setup();
    const { onNavigate, button } = setup();
    await user.click(button);
    const external = screen.getByRole('menuitem', { name: /Help Center/ });
    expect(external.getAttribute('href')).toBe('https://help.example.com/');
    expect(external.getAttribute('target')).toBe('_blank');
    await user.click(screen.getByRole('menuitem', { name: 'My account' }));
    expect(onNavigate).toHaveBeenCalledWith('/settings', undefined);
  });

  it('the header sits inside the menu and names the items', async () => {
    const user = userEvent.setup();
    const { button } = setup('olivia@example.com');
    await user.click(button);
    expect(screen.getByRole('menu').textContent).toContain('olivia@example.com');
    expect(screen.getByRole('group', { name: 'olivia@example.com' })).toBeTruthy();
  });
});
