import { ApiError } from './errors.ts';

/**
 * spec §7 "Handling of answers": what each call does with a failure.
 *  - 'return': the error object is returned (the caller checks `isApiFailure`)
 *  - 'rethrow': the error is thrown on
 *  - 'log-and-rethrow': logged, then thrown on
 */
export type FailurePolicy = 'return' | 'rethrow' | 'log-and-rethrow';

export const CALL_FAILURE_POLICY = {
  getUsers: 'log-and-rethrow',
  login: 'return',
  setUserStatus: 'return',
  saveUserSettings: 'rethrow',
  getStoreList: 'rethrow',
  globalSearch: 'rethrow',
  getWidgetType: 'return',
  getProgramType: 'return',
  getLauncher: 'return',
  getWidget: 'return',
  getThemeSetting: 'rethrow',
  /** all saves */
  save: 'rethrow',
  getLandingPage: 'rethrow',
} as const satisfies Record<string, FailurePolicy>;

export type PolicedCall = keyof typeof CALL_FAILURE_POLICY;

export type Returned<T, P extends FailurePolicy> = P extends 'return' ? T | ApiError : T;

export const isApiFailure = (value: unknown): value is ApiError => value instanceof ApiError;

/** Runs a call under its spec §7 failure policy. */
export async function withPolicy<T, C extends PolicedCall>(
  call: C,
  run: () => Promise<T>,
  log: (message: string, error: unknown) => void = (message, error) => console.error(message, error),
): Promise<Returned<T, (typeof CALL_FAILURE_POLICY)[C]>> {
  try {
    return await run();
  } catch (error) {
    const policy: FailurePolicy = CALL_FAILURE_POLICY[call];
    log(`${call} failed`, error);
    if (policy === 'return') {
      return (error instanceof ApiError ? error : new ApiError(String(error), { kind: 'bad response' })) as Returned<T, (typeof CALL_FAILURE_POLICY)[C]>;
    }
    throw error;
  }
}

/** For hooks (react-query) that need a throw: turns a returned error back into one. */
export function orThrow<T>(value: T | ApiError): T {
  if (value instanceof ApiError) throw value;
  return value;
}
