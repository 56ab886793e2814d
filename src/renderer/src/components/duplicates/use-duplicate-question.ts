import { useState } from 'react';
import type { CrmBridge } from '../../../../shared/bridge';
import type { DuplicateAnswer } from '../../../../shared/contract/records';
import { CrmError } from '../../api/crm-error';
import { callCrm } from '../../api/use-crm-call';
import type { FormInputs } from '../record-form/record-form';

/** The status a save answers when another lead has the phone, e-mail or T.C. (see docs/user-guide.md#duplicates). */
const DUPLICATE_STATUS = 409;

export function isDuplicateRefusal(error: unknown): boolean {
  return error instanceof CrmError && error.status === DUPLICATE_STATUS;
}

/**
 * The duplicate question of a lead form: after a save refused with 409, the matches are asked for (the
 * bridges carry a failure's message only) and shown; `confirm` repeats the save with confirm_duplicates=1.
 */
export function useDuplicateQuestion(): {
  duplicates: DuplicateAnswer | null;
  ask: (bridge: CrmBridge, table: string, inputs: FormInputs, id?: number) => Promise<boolean>;
  close: () => void;
} {
  const [duplicates, setDuplicates] = useState<DuplicateAnswer | null>(null);
  return {
    duplicates,
    close: () => setDuplicates(null),
    async ask(bridge, table, inputs, id) {
      const answer = await callCrm(bridge, 'leadDuplicates', {
        body: { table, inputs, ...(id === undefined ? {} : { id }) },
      });
      if (answer.matches.length === 0 && answer.outside === 0) return false;
      setDuplicates({
        matches: answer.matches,
        outside: answer.outside,
        outside_reasons: answer.outside_reasons,
      });
      return true;
    },
  };
}
