import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { CallResult, convertCustomerBody } from '../../../shared/contract';
import { OPTION_LIST_IDS } from '../../../shared/domain/constants';
import { format, messages } from '../../../shared/i18n/messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import { CUSTOMER_FLAG, journaledWrite } from '../../engine/lead-journal';
import { requireFlag, resolveTableAccess } from '../../engine/permission-resolver';
import { recordNotFound, selectRow, updateRow } from '../../engine/record-store';
import { optionValueExists, type WriteValue } from '../../engine/record-writer';
import type { TableRegistry } from '../../engine/registry';
import type { EngineUser } from '../../engine/types';

type ParsedConvertBody = z.output<typeof convertCustomerBody>;

export interface CustomerConversionService {
  /** POST /convertCustomer/{id}: lead to customer with the convert form's fields, once and for good. */
  convert(user: EngineUser, id: number, body: ParsedConvertBody): Promise<CallResult<'convertCustomer'>>;
}

const LEADS_TABLE = 'leads';

function alreadyCustomer(): DomainError {
  return DomainError.invalid(messages.alreadyCustomer);
}

/**
 * docs/requirements.md#task-customer-and-money-states "Lead to customer": is_customer 0 becomes 1 with retention, retention_md, tc, occupation,
 * city and ilce; it cannot be undone (no call sets it back, and plain edits may not change is_customer:
 * lead-journal's journaledWrite refuses that). The lead must be one the user may see and update; the
 * change, customer_set_date and the journal entry are one transaction, with the lead locked so two
 * conversions at once cannot both pass the "not yet a customer" check.
 */
export function createCustomerConversionService(
  db: Kysely<Database>,
  registry: TableRegistry,
): CustomerConversionService {
  async function checkAgents(ids: readonly number[]): Promise<void> {
    const wanted = [...new Set(ids)];
    const active = await db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', wanted)
      .where('active', '=', 1)
      .execute();
    const found = new Set(active.map((row) => row.id));
    const missing = wanted.find((id) => !found.has(id));
    if (missing !== undefined) throw DomainError.invalid(format(messages.invalidAgent, { id: missing }));
  }

  return {
    async convert(user, id, body) {
      const access = await resolveTableAccess(db, registry, user, LEADS_TABLE);
      const lead = await selectRow(db, access, id, ['id', CUSTOMER_FLAG]);
      if (!lead) throw recordNotFound();
      requireFlag(access, 'update');
      if (Number(lead[CUSTOMER_FLAG]) === 1) throw alreadyCustomer();
      if (!(await optionValueExists(db, OPTION_LIST_IDS.occupations, body.occupation_id))) {
        throw DomainError.invalid(messages.invalidOccupation);
      }
      await checkAgents(
        body.retention_md_id === undefined ? [body.retention_id] : [body.retention_id, body.retention_md_id],
      );

      await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{
          now: string;
        }>`select to_char(localtimestamp, 'YYYY-MM-DD HH24:MI:SS') as now`.execute(trx);
        const values = new Map<string, WriteValue>([
          ['retention_id', body.retention_id],
          ['tc', body.tc],
          ['occupation_id', body.occupation_id],
          ['city', body.city],
          ['ilce', body.ilce],
          [CUSTOMER_FLAG, 1],
          ['customer_set_date', rows[0]?.now ?? null],
        ]);
        if (body.retention_md_id !== undefined) values.set('retention_md_id', body.retention_md_id);
        await journaledWrite(
          trx,
          access,
          [id],
          values,
          { agentId: user.id, allowCustomerFlag: true },
          async () => {
            // The row is locked by now (journaledWrite read it FOR UPDATE): the check cannot race.
            const locked = await trx
              .selectFrom('leads')
              .select(CUSTOMER_FLAG)
              .where('id', '=', id)
              .executeTakeFirst();
            if (locked?.is_customer === 1) throw alreadyCustomer();
            await updateRow(trx, access, id, values);
          },
        );
      });
      return { success: true, msg: messages.convertSuccess };
    },
  };
}
