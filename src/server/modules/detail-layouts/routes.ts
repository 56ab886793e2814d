import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { registerCall } from '../../http/register-call';

/** The generic detail page's layouts, per user and table (docs/api-conformance.md#detail-layouts). */
export function registerDetailLayoutRoutes(
  app: FastifyInstance,
  { detailLayouts }: Pick<Services, 'detailLayouts'>,
): void {
  registerCall(app, 'detailLayout', ({ user, params }) => detailLayouts.get(user, params.table));
  registerCall(app, 'detailLayoutSave', ({ user, body }) =>
    detailLayouts.save(user, body.table, body.sections),
  );
}
