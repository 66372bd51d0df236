import { useConsole } from '../state/store.ts';

/** The current store's currency (settings.currency), USD when it names none. */
export const useStoreCurrency = (): string => useConsole((s) => (s.user.users?.store?.settings as { currency?: string } | undefined)?.currency || 'USD');
