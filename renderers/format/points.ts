/**
 * spec §5 "Points display: integer with no decimals, otherwise two decimals",
 * with the locale's digit grouping (1,250 in en-US; 1.250 in de-DE).
 */
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, decimals: 0 | 2): Intl.NumberFormat {
  const key = `${locale}|${decimals}`;
  let found = formatters.get(key);
  if (!found) {
    let safeLocale = locale;
    try {
      Intl.NumberFormat.supportedLocalesOf([locale]);
    } catch {
      safeLocale = 'en-US';
    }
    found = new Intl.NumberFormat(safeLocale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formatters.set(key, found);
  }
  return found;
}

export function formatPoints(value: number | string | null | undefined, locale = 'en-US'): string {
  const points = typeof value === 'number' ? value : Number(value ?? 0);
  if (!Number.isFinite(points)) return formatter(locale, 0).format(0);
  return formatter(locale, Number.isInteger(points) ? 0 : 2).format(points);
}
