/** Turns '/table/{table}' plus params into a path and a query; params not in the path go to the query. */
export function fillPath(
  template: string,
  params: Record<string, unknown>,
): { path: string; query: Record<string, string> } {
  const used = new Set<string>();
  const path = template.replace(/\{(\w+)\}/g, (_m, key: string) => {
    used.add(key);
    const value = params[key];
    if (value === undefined || value === null || value === '') throw new Error(`Eksik parametre: ${key}`);
    return encodeURIComponent(String(value));
  });
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (!used.has(key) && value !== undefined && value !== null) query[key] = String(value);
  }
  return { path, query };
}

/** Fastify's route syntax for a contract path: '/table/{table}' becomes '/table/:table'. */
export function toRoutePattern(template: string): string {
  return template.replace(/\{(\w+)\}/g, ':$1');
}

export function pathParamNames(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
}

const REGEXP_SPECIALS = /[.*+?^${}()|[\]\\]/g;

/**
 * The params of a path of the template's shape, decoded ('/file/{id}' and '/file/7' -> { id: '7' }), or
 * null when the path has another shape. The inverse of fillPath for the path part.
 */
export function matchPath(template: string, path: string): Record<string, string> | null {
  const literals = template.split(/\{\w+\}/).map((part) => part.replace(REGEXP_SPECIALS, '\\$&'));
  const found = new RegExp(`^${literals.join('([^/]+)')}$`).exec(path);
  if (!found) return null;
  const params: Record<string, string> = {};
  try {
    pathParamNames(template).forEach((name, index) => {
      params[name] = decodeURIComponent(found[index + 1] ?? '');
    });
  } catch {
    // A malformed escape (%zz) is no path of ours.
    return null;
  }
  return params;
}
