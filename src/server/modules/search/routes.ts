import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { registerCall } from '../../http/register-call';

/** The top bar's lead search (see docs/requirements.md#calls; docs/requirements.md#calls phone search): by name, by number, name suggestions. */
export function registerSearchRoutes(app: FastifyInstance, { search }: Pick<Services, 'search'>): void {
  registerCall(app, 'search', async ({ user, body }) => ({
    success: true,
    results: await search.byName(user, body.keyword),
  }));
  registerCall(app, 'searchPhone', async ({ user, body }) => ({
    success: true,
    results: await search.byPhone(user, body.keyword),
  }));
  registerCall(app, 'suggestion', async ({ user, body }) => ({
    success: true,
    results: await search.suggest(user, body.keyword),
  }));
}
