import type { PointsWords } from '../../../renderers/format/index.ts';
import { useConsole } from '../../state/store.ts';

/** What the merchant saved in earlier steps, as the store settings carry it (so going back shows it). */
export interface OnboardingSettings {
  program_name?: string;
  points_label?: string;
  points_label_singular?: string;
  onboarding_coupon_reward?: { title: string; discount_type: 'percentage' | 'fixed_amount' | 'free_shipping'; discount_value: number; points_cost: number };
}

export const useSavedSettings = (): OnboardingSettings => useConsole((s) => (s.user.users?.store?.settings ?? {}) as OnboardingSettings);

/** What the store calls its points (chosen in the first step). */
export const usePointsLabel = () => useSavedSettings().points_label?.trim() || 'points';

/** The store's words for counting points (plural and singular), for the one points formatter. */
export function usePointsWords(): PointsWords {
  const saved = useSavedSettings();
  return { pointsLabel: saved.points_label?.trim() || 'points', ...(saved.points_label_singular ? { pointsLabelSingular: saved.points_label_singular } : {}) };
}
