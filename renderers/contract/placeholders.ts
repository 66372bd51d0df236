/** Template placeholders (spec §3), written in merchant text as `{first_name}`. */

export const PLACEHOLDERS = [
  'first_name',
  'loyalty_points_balance',
  'points_label',
  'customer_name',
  'points_earned',
  'referrals_earned',
  'full_name',
  'points_label_singular',
  'earn_rate',
  'signup_points',
  'birthday_points',
  'referral_reward',
  'friend_reward',
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

const TOKEN = /\{([a-z_]+)\}/g;
const KNOWN = new Set<string>(PLACEHOLDERS);

/** Placeholder tokens in `text` that are not in the list (the inspector warns about them). */
export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(TOKEN)].map((m) => m[1]!).filter((name) => !KNOWN.has(name));
}

/**
 * Replaces known placeholders by their values; a placeholder without a value stays as written,
 * unknown tokens are left alone. The result is still plain text: the caller escapes it.
 */
export function fillPlaceholders(text: string, values: Partial<Record<Placeholder, string | number>>): string {
  return text.replace(TOKEN, (whole, name: string) => {
    if (!KNOWN.has(name)) return whole;
    const value = values[name as Placeholder];
    return value === undefined ? whole : String(value);
  });
}
