/** Platform ids (Shopify's reach 18 digits) exceed JS numbers: keep long integer ids as strings. */
export function parseJsonKeepingIds(text: string): unknown {
  return JSON.parse(text.replace(/("(?:\w*_)?id"\s*:\s*)(-?\d{16,})(?=\s*[,}\]])/g, '$1"$2"'));
}
