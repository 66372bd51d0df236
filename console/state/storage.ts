import type { StateStorage } from 'zustand/middleware';

/** spec §3: the persisted browser state lives under this key. */
export const PERSIST_KEY = 'root';

export function isQuotaExceeded(error: unknown): boolean {
  if (!(error instanceof Error) && !(typeof DOMException !== 'undefined' && error instanceof DOMException)) return false;
  const e = error as { name?: string; code?: number };
  return e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22 || e.code === 1014;
}

/**
 * spec §8: local storage quota exceeded → clear local storage and retry the write once;
 * a further failure is only logged. Reads and removals never throw.
 */
export function createSafeStorage(
  backend: () => Storage | undefined = () => (typeof localStorage === 'undefined' ? undefined : localStorage),
  log: (message: string, error: unknown) => void = (message, error) => console.error(message, error),
): StateStorage {
  return {
    getItem(name) {
      try {
        return backend()?.getItem(name) ?? null;
      } catch (error) {
        log('reading the saved state failed', error);
        return null;
      }
    },
    setItem(name, value) {
      const storage = backend();
      if (!storage) return;
      try {
        storage.setItem(name, value);
      } catch (error) {
        if (!isQuotaExceeded(error)) {
          log('saving the state failed', error);
          return;
        }
        try {
          storage.clear();
          storage.setItem(name, value);
        } catch (retryError) {
          log('saving the state failed after clearing local storage', retryError);
        }
      }
    },
    removeItem(name) {
      try {
        backend()?.removeItem(name);
      } catch (error) {
        log('removing the saved state failed', error);
      }
    },
  };
}
