// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { fakeApi, renderScreen, resetScreen } from '../../../tests/helpers/console-screen.tsx';
import { consoleStore } from '../../state/store.ts';
import { HomePage } from './HomePage.tsx';

afterEach(() => {
  cleanup();
  resetScreen();
});

/** The signed-in user as the server described them: signed in before or not. */
const setReturning = (returning: boolean) =>
  act(() => {
    const state = consoleStore().getState();
    state.setUserDetails({ ...state.user.users!, returning });
  });

const subtitle = () => screen.getByRole('heading', { level: 1, name: 'Home' }).parentElement!.textContent ?? '';

describe('the home screen greets the merchant and names their program', () => {
  it('a first visit is welcomed, not welcomed back; the program named in onboarding is there', async () => {
    fakeApi({ 'GET /user/details': () => consoleStore().getState().user.users });
    renderScreen(<HomePage />, { settings: { program_name: 'Sprout Club' } });
    setReturning(false);
    expect(subtitle()).toContain('Welcome, Sam. Sprout Club at a glance.');
    expect(subtitle()).not.toContain('Welcome back');
    expect((await screen.findByText('Loyalty program')).nextElementSibling?.textContent).toBe('Sprout Club');
  });

  it('a later visit is welcomed back; an unnamed program says so', async () => {
    fakeApi({ 'GET /user/details': () => consoleStore().getState().user.users });
    renderScreen(<HomePage />);
    setReturning(true);
    expect(subtitle()).toContain('Welcome back, Sam.');
    expect((await screen.findByText('Loyalty program')).nextElementSibling?.textContent).toBe('Not named yet');
  });
});
