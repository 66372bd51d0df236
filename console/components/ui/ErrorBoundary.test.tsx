// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ErrorBoundary } from './ErrorBoundary.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Broken({ broken }: { broken: boolean }): React.ReactNode {
  if (broken) throw new Error('Chunk failed to load');
  return <p>Fine</p>;
}

describe('a failing screen does not blank the console', () => {
  it('shows the error with a reload button, and recovers on the next page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <ErrorBoundary key="/a">
        <Broken broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Chunk failed to load');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    rerender(
      <ErrorBoundary key="/b">
        <Broken broken={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Fine')).toBeTruthy();
  });
});
