import type { FastifyInstance } from 'fastify';
import type { OptionsService } from '../services/options-service';
import { registerCall } from './register-call';

export interface OptionRoutesDeps {
  options: OptionsService;
}

/** GET /getOption/{id} and GET /getOptionList (spec 1 §7). */
export function registerOptionRoutes(app: FastifyInstance, { options }: OptionRoutesDeps): void {
  registerCall(app, 'getOption', async ({ params }) => ({ options: await options.getOption(params.id) }));
  registerCall(app, 'getOptionList', async () => ({ options: await options.listOptionLists() }));
}
