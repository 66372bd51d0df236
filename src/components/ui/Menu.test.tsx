// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Menu } from './Menu.tsx';

afterEach(cleanup);

const setup = () => {
  const onLogout = vi.fn();
  const onNavigate = vi.fn();
  render(
    <Menu
      label="Account menu"
      trigger="Olivia"
      onNavigate={onNavigate}
      items={[
        { id: 'account', label: 'My account', href: '/settings' },
        { id: 'logout', label: 'Logout', onSelect: onLogout },
      ]}
    />,
  );
  return { onLogout, onNavigate, button: screen.getByRole('button', { name: 'Account menu' }) };
};

describe('menu button pattern (keyboard accessible)', () => {
  it('Enter opens the menu with focus on the first item; arrows move; Enter chooses', async () => {
    const user = userEvent.setup();
    const { onLogout, button } = setup();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('My account'));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Logout');
    await user.keyboard('{Enter}');
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('Escape closes and returns focus to the button', async () => {
    const user = userEvent.setup();
    const { button } = setup();
    await user.click(button);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['My account', 'Logout']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('an internal link navigates inside the app', async () => {
    const user = userEvent.setup();
    const { onNavigate, button } = setup();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'My account' }));
    expect(onNavigate).toHaveBeenCalledWith('/settings');
  });
});
