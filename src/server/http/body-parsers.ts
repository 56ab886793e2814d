import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { DomainError } from '../domain-errors';

/**
 * The API's bodies are PHP-style bracket forms (filters[0][name]=status_id). The limits keep a single
 * request from building huge objects; above them qs throws and the caller gets a 400.
 */
const FORM_OPTIONS = {
  depth: 5,
  arrayLimit: 1000,
  parameterLimit: 5000,
  throwOnLimitExceeded: true,
} as const;

export function parseForm(text: string): Record<string, unknown> {
  return qs.parse(text, FORM_OPTIONS);
}

/**
 * Query strings get the same bracket syntax as bodies (filters in URLs). No throwing here: Node's header
 * size limit keeps URLs far below parameterLimit, and an over-long array turns into an object that the
 * call's schema rejects.
 */
export function parseQuery(text: string): Record<string, unknown> {
  return qs.parse(text, { ...FORM_OPTIONS, throwOnLimitExceeded: false });
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
