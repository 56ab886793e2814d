/**
 * Turkish-aware folding for search. The server builds the same fold in SQL as
 * `lower(translate(col, TURKISH_FOLD_FROM, TURKISH_FOLD_TO) COLLATE "C")`, so
 * both sides agree character for character. The COLLATE "C" matters: under the
 * default C.UTF-8 / en_US ctype Postgres also lower-cases letters such as 'É',
 * which foldTurkish (ASCII-only, like the C collation) leaves alone. For input
 * made only of Turkish and ASCII letters the result is the same either way.
 */

/** Characters replaced before lower-casing; every one is a single UTF-16 unit. */
export const TURKISH_FOLD_FROM = 'İIıŞşĞğÜüÖöÇçÂâÎîÛû';
/** Replacement for the character at the same index of TURKISH_FOLD_FROM. */
export const TURKISH_FOLD_TO = 'iiissgguuooccaaiiuu';
/** Collation to apply to the translate() result so SQL lower() is ASCII-only, like foldTurkish. */
export const TURKISH_FOLD_SQL_COLLATION = 'C';

const FOLD_MAP: ReadonlyMap<string, string> = new Map(
  Array.from(TURKISH_FOLD_FROM, (from, index) => [from, TURKISH_FOLD_TO.charAt(index)]),
);

/**
 * Maps Turkish letters to their ASCII base and lower-cases A-Z only.
 * String.prototype.toLowerCase is avoided on purpose: it turns 'İ' into 'i̇'
 * (two code points) and lower-cases letters SQL `lower` may leave alone.
 */
export function foldTurkish(text: string): string {
  let out = '';
  for (const char of text) {
    const mapped = FOLD_MAP.get(char) ?? char;
    const code = mapped.charCodeAt(0);
    // Only ASCII A-Z, to match lower() under the C ctype.
    out += mapped.length === 1 && code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : mapped;
  }
  return out;
}

/** Fold plus whitespace clean-up, for user-typed search input (not for the SQL side). */
export function normalizeSearchText(text: string): string {
  return foldTurkish(text).replace(/\s+/g, ' ').trim();
}
