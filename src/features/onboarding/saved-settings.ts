import { useConsole } from '../../state/store.ts';

/** What the merchant saved in earlier steps, as the store settings carry it (so going back shows it). */
export interface OnboardingSettings {
  program_name?: string;
  points_label?: string;
  onboarding_coupon_reward?: { title: string; discount_type: 'percentage' | 'fixed_amount' | 'free_shipping'; discount_value: number; points_cost: number };
}

export const useSavedSettings = (): OnboardingSettings => useConsole((s) => (s.user.users?.store?.settings ?? {}) as OnboardingSettings);

/** What the store calls its points (chosen in the first step). */
export const usePointsLabel = () => useSavedSettings().points_label?.trim() || 'points';
