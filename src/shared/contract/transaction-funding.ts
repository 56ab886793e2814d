import { z } from 'zod';
import { platformOperationMessages } from '../i18n/platform-operation-messages';
import { defineCall, departmentsOnly, noBody, SIGNED_IN } from './define';
import { platformOperationSchema } from './platforms';
import { recordId } from './record-id';

/**
 * Funding a completed deposit (docs/money.md#platform-operations): risk credits the deposit's trading
 * account with the platform amount risk approved, in one step, and the deposit shows the operation that
 * funded it. A deposit is funded at most once.
 */

const idParams = z.object({ id: recordId });

/** POST /transaction/fund/{id}: risk only; the deposit must be completed (12) and not funded yet. */
export const transactionFund = defineCall({
  method: 'POST',
  path: '/transaction/fund/{id}',
  encoding: 'form',
  auth: true,
  access: departmentsOnly(['risk'], platformOperationMessages.fundOnlyRisk),
  notFoundOnInvalidPath: true,
  params: idParams,
  body: noBody,
  result: z.object({ success: z.boolean(), msg: z.string(), operation: platformOperationSchema }),
});

/** POST /transaction/fundings/{id}: the platform operations that funded (or tried to fund) a deposit. */
export const transactionFundings = defineCall({
  method: 'POST',
  path: '/transaction/fundings/{id}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  notFoundOnInvalidPath: true,
  params: idParams,
  body: noBody,
  result: z.object({ results: z.array(platformOperationSchema) }),
});
