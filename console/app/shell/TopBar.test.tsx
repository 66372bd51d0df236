// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { fakeApi, renderScreen, resetScreen } from '../../../tests/helpers/console-screen.tsx';
import { TopBar } from './TopBar.tsx';

afterEach(() => {
  cleanup();
  resetScreen();
});

describe('the top bar', () => {
  it('shows the program’s name (from onboarding) beside the store’s', () => {
    fakeApi({});
    renderScreen(<TopBar navOpen={false} onToggleNav={() => undefined} navId="nav" />, { settings: { program_name: 'Sprout Club' } });
    expect(screen.getByTestId('program-name').textContent).toBe('Loyalty program: Sprout Club');
  });

  it('shows nothing for a program not named yet', () => {
    fakeApi({});
    renderScreen(<TopBar navOpen={false} onToggleNav={() => undefined} navId="nav" />);
    expect(screen.queryByTestId('program-name')).toBeNull();
  });
});
