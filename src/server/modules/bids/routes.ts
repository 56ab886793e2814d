import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Services } from '../../services';

/** Offer templates and offers (see docs/requirements.md#lead-workspace-and-work-screens /bids, /bids/{lead_id}/{id}; #calls Bids). */
export function registerBidRoutes(app: FastifyInstance, { bids }: Pick<Services, 'bids'>): void {
  registerCall(app, 'bids', ({ user }) => bids.list(user));
  registerCall(app, 'bid', ({ user, params }) => bids.get(user, params.x));
  registerCall(app, 'bidPreview', ({ user, params }) => bids.preview(user, params.x, params.y));
  registerCall(app, 'bidsSave', ({ user, body }) => bids.save(user, body));
  registerCall(app, 'bidRemove', ({ user, body }) => bids.remove(user, body.id));
  registerCall(app, 'bidSet', ({ user, params, body }) =>
    bids.answer(user, params.x, body.template_id, body.values),
  );
}
