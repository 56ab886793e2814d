import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { LEAD_DETAIL_PAGE_DEFAULT } from '../../shared/contract';
import type { Database } from '../db/schema';
import { getTableRegistry } from '../engine/registry';
import { createCustomerConversionService } from '../services/customer-conversion';
import { createDuplicateLeadsService } from '../services/duplicate-leads';
import { createLeadJournalService } from '../services/lead-journal-service';
import { createLeadNotesService } from '../services/lead-notes-service';
import { createNextLeadService } from '../services/next-lead';
import { registerCall } from './register-call';

const DEFAULT_JOURNAL_PAGE = { page: 1, limit: LEAD_DETAIL_PAGE_DEFAULT };

export interface LeadDetailRoutesDeps {
  db: Kysely<Database>;
}

/**
 * The lead detail's own calls (spec 2 §7): next lead, notes and the lead's reminders, journal, matching
 * records and conversion. Row, detail save and inline save (notes, remitters) are the records routes.
 */
export function registerLeadDetailRoutes(app: FastifyInstance, { db }: LeadDetailRoutesDeps): void {
  const registry = getTableRegistry(db);
  const notes = createLeadNotesService(db, registry);
  const journal = createLeadJournalService(db, registry);
  const duplicates = createDuplicateLeadsService(db, registry);
  const nextLead = createNextLeadService(db, registry);
  const conversion = createCustomerConversionService(db, registry);

  registerCall(app, 'nextLead', ({ user, params, body }) => nextLead.next(user, params.x, body));
  registerCall(app, 'notes', ({ user, body }) => notes.listNotes(user, body));
  registerCall(app, 'leadNotifications', ({ user, body }) => notes.listNotifications(user, body));
  registerCall(app, 'journal', ({ user, params, body }) =>
    journal.list(user, params.table, params.id, body ?? DEFAULT_JOURNAL_PAGE),
  );
  registerCall(app, 'duplicatedLeads', ({ user, body }) => duplicates.find(user, body.id));
  registerCall(app, 'convertCustomer', ({ user, params, body }) => conversion.convert(user, params.id, body));
}
