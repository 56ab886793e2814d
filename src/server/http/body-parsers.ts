import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { DomainError } from '../domain-errors';

/**
 * The API's bodies are PHP-style bracket forms (filters[0][name]=status_id). The limits keep a single
 * request from building huge objects: more pairs than the limit, or nesting deeper than five brackets, is
 * refused with a 400. Lists stay sparse
 * (`extra_sql[5]` keeps its index) and an index above the list limit becomes an object key, so a record
 * keyed by ids keeps every key; the call's schema decides list or record (alignForm).
 */
const FORM_OPTIONS = {
  depth: 5,
  // deeper nesting is refused, not folded into an odd key the schema would silently drop
  strictDepth: true,
  arrayLimit: 1000,
  parameterLimit: 5000,
  allowSparse: true,
} as const;

function pairCount(text: string): number {
  let count = 1;
  for (let at = text.indexOf('&'); at !== -1; at = text.indexOf('&', at + 1)) count += 1;
  return count;
}

export function parseForm(text: string): Record<string, unknown> {
  if (pairCount(text) > FORM_OPTIONS.parameterLimit) throw new RangeError('Parameter limit exceeded');
  return qs.parse(text, FORM_OPTIONS);
}

/**
 * Query strings get the same bracket syntax as bodies (filters in URLs). No counting here: Node's header
 * size limit keeps URLs far below parameterLimit, and an over-long array turns into an object that the
 * call's schema rejects.
 */
export function parseQuery(text: string): Record<string, unknown> {
  return qs.parse(text, FORM_OPTIONS);
}

/**
 * Form bodies with qs, JSON with Fastify's own (prototype-poisoning safe) parser. An empty body of either
 * kind means "no body": some calls behave differently without one (POST /table/{detail table}).
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      try {
        done(null, parseForm(text));
      } catch {
        done(DomainError.invalid(), undefined);
      }
    },
  );

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
