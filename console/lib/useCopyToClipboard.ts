import { useCallback, useEffect, useRef, useState } from 'react';
import { CONSOLE_CONSTANTS } from './constants.ts';

/** spec §4 / §9: copy to the clipboard; the "copied" confirmation resets after 5 s. */
export function useCopyToClipboard(resetAfterMs: number = CONSOLE_CONSTANTS.clipboardConfirmationMs) {
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
        setError(null);
        setCopied(true);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), resetAfterMs);
      } catch {
        setCopied(false);
        setError('Could not copy. Select the text and copy it by hand.');
      }
    },
    [resetAfterMs],
  );

  return { copied, error, copy };
}
