import type { PointsWords } from '../../../renderers/format/index.ts';

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
