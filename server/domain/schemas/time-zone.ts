import { z } from 'zod';

/** An IANA time zone this runtime knows (Europe/Paris, America/New_York, UTC, …). */
export function isTimeZone(value: string): boolean {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone !== '';
  } catch {
    return false;
  }
}

/** The store's time zone setting: scheduled publishing reads its dates and times in it. */
export const timeZoneField = z.string().trim().min(1).max(64).refine(isTimeZone, 'Enter a time zone like Europe/Paris or America/New_York.');
