/**
 * The name/value pairs of PHP-style bracket form encoding, as the existing server of this API expects:
 * {filters: [{name: 'status_id'}]} -> filters[0][name]=status_id. Booleans become 1/0, null an empty string.
 * The same pairs make a multipart body's fields.
 */
export function formPairs(value: Record<string, unknown>): [string, string][] {
  const pairs: [string, string][] = [];
  const walk = (prefix: string, item: unknown): void => {
    if (item === undefined) return;
    if (Array.isArray(item)) {
      item.forEach((child, index) => walk(`${prefix}[${index}]`, child));
      return;
    }
    if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) walk(`${prefix}[${key}]`, child);
      return;
    }
    pairs.push([prefix, item === null ? '' : typeof item === 'boolean' ? (item ? '1' : '0') : String(item)]);
  };
  for (const [key, item] of Object.entries(value)) walk(key, item);
  return pairs;
}

/** A form body: the pairs, URL-encoded. */
export function encodeForm(value: Record<string, unknown>): string {
  return formPairs(value)
    .map(([name, text]) => `${encodeURIComponent(name)}=${encodeURIComponent(text)}`)
    .join('&');
}
