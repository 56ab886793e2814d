import type { FastifyInstance } from 'fastify';
import { LEAD_DETAIL_PAGE_DEFAULT } from '../../../shared/contract';
import { registerCall } from '../../http/register-call';
import type { Services } from '../../services';

const DEFAULT_JOURNAL_PAGE = { page: 1, limit: LEAD_DETAIL_PAGE_DEFAULT };

/**
 * The lead detail's own calls (see docs/requirements.md#calls): next lead, notes and the lead's reminders, journal, matching
 * records and conversion. Row, detail save and inline save (notes, remitters) are the records routes.
 */
export function registerLeadDetailRoutes(
  app: FastifyInstance,
  {
    notes,
    journal,
    duplicates,
    nextLead,
    conversion,
  }: Pick<Services, 'notes' | 'journal' | 'duplicates' | 'nextLead' | 'conversion'>,
): void {
  registerCall(app, 'nextLead', ({ user, params, body }) => nextLead.next(user, params.x, body));
  registerCall(app, 'notes', ({ user, body }) => notes.listNotes(user, body));
  registerCall(app, 'leadNotifications', ({ user, body }) => notes.listNotifications(user, body));
  registerCall(app, 'journal', ({ user, params, body }) =>
    journal.list(user, params.table, params.id, body ?? DEFAULT_JOURNAL_PAGE),
  );
  registerCall(app, 'duplicatedLeads', ({ user, body }) => duplicates.find(user, body.id));
  registerCall(app, 'convertCustomer', ({ user, params, body }) => conversion.convert(user, params.id, body));
}
