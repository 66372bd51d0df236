// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ToastProvider, useToast, type ToastOptions } from './Toast.tsx';
import { toastDuration } from './toast-timing.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Trigger({ options }: { options: ToastOptions }) {
  const show = useToast();
  return (
    <button type="button" onClick={() => show(options)}>
      show
    </button>
  );
}

describe('toasts (spec §9: 5000 ms, 10000 ms with an action)', () => {
  it.each([
    [false, 5000],
    [true, 10000],
  ])('with action %s → %i ms', (hasAction, ms) => {
    expect(toastDuration(hasAction)).toBe(ms);
  });

  it.each<[string, ToastOptions, number]>([
    ['plain', { message: 'Saved' }, 5000],
    ['with an action', { message: 'Deleted', action: { label: 'Undo', onAction: () => {} } }, 10000],
  ])('%s toast disappears after %i ms', (_name, options, ms) => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger options={options} />
      </ToastProvider>,
    );
    act(() => {
      screen.getByRole('button', { name: 'show' }).click();
    });
    expect(screen.getByText(options.message)).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(ms - 1);
    });
    expect(screen.queryByText(options.message)).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText(options.message)).toBeNull();
  });

  it('leaves no timer behind when the provider goes away with toasts showing, or when one is dismissed by hand', () => {
    vi.useFakeTimers();
    const view = render(
      <ToastProvider>
        <Trigger options={{ message: 'Saved' }} />
      </ToastProvider>,
    );
    act(() => {
      screen.getByRole('button', { name: 'show' }).click();
      screen.getByRole('button', { name: 'show' }).click();
    });
    expect(vi.getTimerCount()).toBe(2);
    act(() => {
      screen.getAllByRole('button', { name: 'Dismiss notification' })[0]!.click();
    });
    expect(vi.getTimerCount()).toBe(1);
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
