import type { PointsWords, ProgramWording } from '../../../renderers/format/index.ts';
import { catalogFor } from '../../../renderers/i18n/index.ts';

/** The store's words for the program: its points label (plural and singular) and its currency. */
export interface ProgramWords extends PointsWords {
  currency: string;
}

export const DEFAULT_WORDS: ProgramWords = { pointsLabel: 'points', pointsLabelSingular: 'point', currency: 'USD' };

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** Reads them from a store's settings (`points_label`, `points_label_singular`, `currency`). */
export function programWords(settings: unknown): ProgramWords {
  const saved = (settings ?? {}) as { points_label?: unknown; points_label_singular?: unknown; currency?: unknown };
  const pointsLabel = text(saved.points_label) ?? 'points';
  const singular = text(saved.points_label_singular);
  return { pointsLabel, ...(singular ? { pointsLabelSingular: singular } : {}), currency: text(saved.currency) ?? 'USD' };
}

/** The console's wording of the program's rules: English, in the store's words for points and its currency. */
export function englishWording(words: ProgramWords): ProgramWording {
  return { locale: 'en-US', messages: catalogFor('en'), program: words };
}
