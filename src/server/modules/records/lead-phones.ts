import { LEAD_PHONE_FIELDS, storablePhone } from '../../../shared/domain/phone';
import type { RecordHook } from '../../engine/record-hooks';
import { invalidField } from '../../engine/record-writer';

/** The table whose phone columns are kept as 10 digits. */
export const LEAD_PHONES_SOURCE = 'leads';

/**
 * A lead's phones as every save stores them (inline insert or edit, detail save, bulk save, importer):
 * normalised to 10 digits, and refused with the field's name when they are no Turkish number (see docs/requirements.md#money-importer-and-lead-input).
 */
export const leadPhonesHook: RecordHook = {
  beforeWrite({ access, values }) {
    for (const name of LEAD_PHONE_FIELDS) {
      const value = values.get(name);
      if (typeof value !== 'string') continue;
      const stored = storablePhone(value);
      if (stored === null) throw invalidField(access.table.fieldsByName.get(name) ?? name);
      values.set(name, stored);
    }
    return Promise.resolve();
  },
};
