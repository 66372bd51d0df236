import { useConsole } from '../state/store.ts';

/** The name the merchant gave the loyalty program (onboarding's first step, settings `program_name`); null until named. */
export const useProgramName = (): string | null =>
  useConsole((s) => {
    const name = (s.user.users?.store?.settings as { program_name?: unknown } | undefined)?.program_name;
    return typeof name === 'string' && name.trim() ? name.trim() : null;
  });

/** The home screen's greeting: a first sign-in is welcomed, a later one welcomed back. */
export const greeting = (firstName: string, returning: boolean | undefined): string => `${returning === false ? 'Welcome' : 'Welcome back'}, ${firstName}.`;
