/**
 * Text for SpreadsheetML. XML 1.0 cannot carry most control characters at all (not even as &#1;), so
 * they are written in OOXML's own escape `_xHHHH_`, which Excel and SheetJS turn back into the
 * character; a literal `_xHHHH_` in the data therefore has its underscore escaped (`_x005F_`). A carriage
 * return is escaped too, because XML parsers would fold CR LF into LF. Lone surrogates cannot be encoded
 * in UTF-8 and become U+FFFD.
 */

// One alternation so a single pass handles everything; surrogate pairs are matched first and kept.
const NEEDS_WORK =
  // eslint-disable-next-line no-control-regex
  /[\uD800-\uDBFF][\uDC00-\uDFFF]|[&<>]|[\u0000-\u0008\u000B\u000C\u000D\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDFFF]|_(?=x[0-9A-Fa-f]{4}_)/g;
// Same set without the pair branch: a cheap test that lets most cells skip the replace entirely.
// eslint-disable-next-line no-control-regex
const ANY_SPECIAL = /[&<>\u0000-\u0008\u000B-\u001F\uD800-\uDFFF\uFFFE\uFFFF]|_x[0-9A-Fa-f]{4}_/;

const hex4 = (code: number): string => code.toString(16).toUpperCase().padStart(4, '0');

function replaceOne(match: string): string {
  if (match.length === 2) return match;
  switch (match) {
    case '&':
      return '&amp;';
    case '<':
      return '&lt;';
    case '>':
      return '&gt;';
    case '_':
      return '_x005F_';
    default: {
      const code = match.charCodeAt(0);
      return code >= 0xd800 && code <= 0xdfff ? '\uFFFD' : `_x${hex4(code)}_`;
    }
  }
}

/** Element text (inside <t>): & < > escaped, plus the OOXML escapes above. Quotes need no escaping here. */
export function xmlText(value: string): string {
  return ANY_SPECIAL.test(value) ? value.replace(NEEDS_WORK, replaceOne) : value;
}

/** Attribute values in double quotes: element-text escaping plus the quotes themselves. */
export function xmlAttribute(value: string): string {
  return xmlText(value).replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** Leading or trailing whitespace, or a line break, needs xml:space="preserve" to survive. */
export function needsPreserve(value: string): boolean {
  return /^\s|\s$|\n|\t/.test(value);
}

/** A1-style column letters: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}
