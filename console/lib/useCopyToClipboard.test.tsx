// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useCopyToClipboard } from './useCopyToClipboard.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('copy-to-clipboard confirmation resets after 5 s (spec §4 / §9)', () => {
  it('copied → true, and false again 5000 ms later', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const { result } = renderHook(() => useCopyToClipboard());
    await act(async () => {
      await result.current.copy('secret');
    });
    expect(writeText).toHaveBeenCalledWith('secret');
    expect(result.current.copied).toBe(true);
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(result.current.copied).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.copied).toBe(false);
  });

  it('a refused clipboard says so', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    const { result } = renderHook(() => useCopyToClipboard());
    await act(async () => {
      await result.current.copy('secret');
    });
    expect(result.current.copied).toBe(false);
    expect(result.current.error).toMatch(/Could not copy/);
  });
});
