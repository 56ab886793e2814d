import { messages } from '../../shared/i18n/messages';
import { HttpError } from '../http-error';
import { recordNotFound } from '../engine/record-store';
import type { WriteValue } from '../engine/record-writer';

/**
 * Server rules of lead remitters (third parties, spec 2 §2 "3-sahis-bilgileri", §5 "A lead remitter can
 * be saved only when tc is filled"). They are saved through the generic inline insert and edits; these
 * checks run on top of the table's permissions.
 */
export const REMITTERS_SOURCE = 'lead_remitters';

/** Whether a lead id is one the user may read (the leads table's scope). */
export type LeadInScope = (leadId: number) => Promise<boolean>;

/**
 * An insert needs tc and a lead the user may see (else the same 404 as opening that lead); an edit may
 * not clear tc nor move the remitter to a lead outside the user's rows.
 */
export async function checkRemitterWrite(
  values: ReadonlyMap<string, WriteValue>,
  mode: 'insert' | 'update',
  leadInScope: LeadInScope,
): Promise<void> {
  const tc = values.get('tc');
  const tcMissing = tc === null || (typeof tc === 'string' && tc.trim() === '');
  if (tcMissing || (mode === 'insert' && tc === undefined)) {
    throw HttpError.badRequest(messages.remitterTcRequired);
  }
  const leadId = values.get('lead_id');
  if (mode === 'insert' && (leadId === undefined || leadId === null)) {
    throw HttpError.badRequest(messages.remitterLeadRequired);
  }
  if (leadId === undefined) return;
  if (typeof leadId !== 'number' || !(await leadInScope(leadId))) throw recordNotFound();
}
