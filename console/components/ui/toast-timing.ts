import { CONSOLE_CONSTANTS } from '../../lib/constants.ts';

/** spec §9: a toast stays 5000 ms, 10000 ms when it has an action. */
export const toastDuration = (hasAction: boolean): number => (hasAction ? CONSOLE_CONSTANTS.toastWithActionDurationMs : CONSOLE_CONSTANTS.toastDurationMs);
