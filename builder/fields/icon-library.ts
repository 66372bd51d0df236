/**
 * The icon library as the studio's fields see it: `useIconQuery(search)` asks the BuilderApi
 * (POST /icons/list) for the icons matching a search, a moment after the last keystroke. The
 * whole library (no search) is asked for once per BuilderApi and shared by every icon field, so
 * an inspector with ten list items makes one request; a failed load is forgotten so Retry asks again.
 */
import { useCallback, useEffect, useState } from 'react';
import type { BuilderApi, IconInfo } from '../api.ts';
import { useBuilderApi } from '../studio/api-context.ts';

/** Typing pauses this long before a search is sent. */
const ICON_SEARCH_DELAY_MS = 150;

const libraries = new WeakMap<BuilderApi, Promise<IconInfo[]>>();

function wholeLibrary(api: BuilderApi): Promise<IconInfo[]> {
  let pending = libraries.get(api);
  if (!pending) {
    pending = api.icons();
    libraries.set(api, pending);
    pending.catch(() => {
      if (libraries.get(api) === pending) libraries.delete(api);
    });
  }
  return pending;
}

const fetchIcons = (api: BuilderApi, search: string) => (search ? api.icons(search) : wholeLibrary(api));

export type IconQueryStatus = 'loading' | 'ready' | 'error';

export interface IconQuery {
  status: IconQueryStatus;
  /** the icons of the last successful answer (kept while a newer search loads) */
  icons: IconInfo[] | null;
  /** why the last request failed */
  error: string | null;
  retry(): void;
}

interface Answer {
  key: string;
  icons: IconInfo[] | null;
  error: string | null;
}

/** The icons whose name or id contains `search` (all of them for an empty search). */
export function useIconQuery(search: string): IconQuery {
  const api = useBuilderApi();
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<Answer>({ key: '', icons: null, error: null });
  const term = search.trim();
  /** the request the field wants now: an answer for another key is stale, so this one is loading */
  const key = `${attempt}|${term}`;

  useEffect(() => {
    let live = true;
    const run = () =>
      fetchIcons(api, term).then(
        (icons) => {
          if (live) setAnswer({ key, icons, error: null });
        },
        (error: unknown) => {
          if (live) setAnswer((last) => ({ key, icons: last.icons, error: error instanceof Error && error.message ? error.message : 'The request failed.' }));
        },
      );
    const timer = term ? setTimeout(run, ICON_SEARCH_DELAY_MS) : undefined;
    if (!term) void run();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, term, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const status: IconQueryStatus = answer.key !== key ? 'loading' : answer.error === null ? 'ready' : 'error';
  return { status, icons: answer.icons, error: status === 'error' ? answer.error : null, retry };
}
