/** Languages written right to left (Arabic, Hebrew, Persian, Urdu, Pashto, Sindhi, Uyghur, Yiddish, Dhivehi, Sorani). */
const RIGHT_TO_LEFT = /^(ar|he|iw|fa|ur|ps|sd|ug|yi|dv|ckb)(-|$)/i;

/** The writing direction of a BCP 47 language tag: the `dir` of a surface's root. */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.test(locale) ? 'rtl' : 'ltr';
}
