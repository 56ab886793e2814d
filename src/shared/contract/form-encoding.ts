/**
 * PHP-style bracket form encoding, as the existing server of this API expects:
 * {filters: [{name: 'status_id'}]} -> filters[0][name]=status_id. Booleans become 1/0, null an empty string.
 */
export function encodeForm(value: Record<string, unknown>): string {
  const pairs: string[] = [];
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
    const text = item === null ? '' : typeof item === 'boolean' ? (item ? '1' : '0') : String(item);
    pairs.push(`${encodeURIComponent(prefix)}=${encodeURIComponent(text)}`);
  };
  for (const [key, item] of Object.entries(value)) walk(key, item);
  return pairs.join('&');
}
