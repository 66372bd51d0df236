// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Dialog } from './Dialog.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('dialogs (spec §9: 200 ms transition)', () => {
  it('is a named modal dialog that stays mounted for the 200 ms closing transition', () => {
    vi.useFakeTimers();
    const { rerender } = render(
      <Dialog open title="Delete reward" onClose={() => {}}>
        Sure?
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Delete reward' })).toBeTruthy();
    rerender(
      <Dialog open={false} title="Delete reward" onClose={() => {}}>
        Sure?
      </Dialog>,
    );
    act(() => {
      vi.advanceTimersByTime(150);
    });
    expect(screen.queryByRole('dialog')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Escape and the close button ask to close', () => {
    const onClose = vi.fn();
    render(
      <Dialog open title="Edit" onClose={onClose}>
        Body
      </Dialog>,
    );
    act(() => {
      screen.getByRole('button', { name: 'Close' }).click();
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
