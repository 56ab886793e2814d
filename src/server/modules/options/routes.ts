import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Services } from '../../services';

/** GET /getOption/{id}, GET /getOptionList and GET /autocomplete/{a}/{b}?q= (see docs/requirements.md#calls). */
export function registerOptionRoutes(
  app: FastifyInstance,
  { options, autocomplete }: Pick<Services, 'options' | 'autocomplete'>,
): void {
  registerCall(app, 'getOption', async ({ params }) => ({ options: await options.getOption(params.id) }));
  registerCall(app, 'getOptionList', async () => ({ options: await options.listOptionLists() }));
  registerCall(app, 'autocomplete', async ({ user, params }) => ({
    options: await autocomplete.search(user, params.a, params.b, params.q),
  }));
}
