import { messages } from '../../../shared/i18n/messages';
import { DomainError } from '../../domain-errors';
import type { RecordHook } from '../../engine/record-hooks';

/**
 * Server rules of lead remitters (third parties, docs/requirements.md#lead-workspace-and-work-screens "3-sahis-bilgileri", #money-importer-and-lead-input "A lead remitter can
 * be saved only when tc is filled"), as a record hook: they hold for the inline insert, the edit form and
 * bulk edits alike. Whose lead a remitter may hang on is the engine's child rule (lead-children.ts).
 */
export const REMITTERS_SOURCE = 'lead_remitters';

export const remitterHook: RecordHook = {
  async beforeWrite({ mode, values }) {
    const tc = values.get('tc');
    const tcMissing = tc === null || (typeof tc === 'string' && tc.trim() === '');
    if (tcMissing || (mode === 'insert' && tc === undefined)) {
      throw DomainError.invalid(messages.remitterTcRequired);
    }
    const leadId = values.get('lead_id');
    if (mode === 'insert' && (leadId === undefined || leadId === null)) {
      throw DomainError.invalid(messages.remitterLeadRequired);
    }
  },
};
