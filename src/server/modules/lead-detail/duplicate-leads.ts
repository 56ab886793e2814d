import { sql, type Kysely } from 'kysely';
import { MASKED_COMPONENT, maskCell } from '../../../shared/domain/masking';
import {
  DUPLICATES_MAX,
  type CallResult,
  type DuplicateLead,
  type DuplicateReason,
  type RecordRow,
} from '../../../shared/contract';
import { normalizePhone } from '../../../shared/domain/phone';
import type { Database } from '../../db/schema';
import { toRecordRow } from '../../engine/cells';
import { resolveTableAccess } from '../../engine/permission-resolver';
import { recordNotFound, selectRow } from '../../engine/record-store';
import type { TableRegistry } from '../../engine/registry';
import { and, column, type Condition } from '../../engine/sql-helpers';
import type { EngineUser } from '../../engine/types';
import { requireModule } from './lead-access';

function maskedValues(values: RecordRow, maskedNames: ReadonlySet<string>): RecordRow {
  const out: RecordRow = { ...values };
  for (const name of maskedNames) {
    if (Object.hasOwn(out, name)) out[name] = maskCell(out[name]) as RecordRow[string];
  }
  return out;
}

/** The matching-records tab's module (see docs/requirements.md#lead-workspace-and-work-screens "eslesen-kayitlar"). */
export const DUPLICATES_MODULE = 'eslesen-kayitlar';
const LEADS_TABLE = 'leads';
const PHONE_FIELDS = ['phone', 'phone_2', 'mobile'] as const;
/** What a row of the tab shows, as far as the user may list it. */
const SHOWN_FIELDS = [
  'id',
  'name',
  'phone',
  'phone_2',
  'mobile',
  'email',
  'tc',
  'status_id',
  'agent_id',
  'team_id',
  'is_customer',
  'created_at',
];

export interface DuplicateLeadsService {
  /** POST /getDublicatedLeads: leads of the user's scope sharing a phone, the e-mail or the tc. */
  find(user: EngineUser, id: number): Promise<CallResult<'duplicatedLeads'>>;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * Matches run only on fields the user may list: a match on a hidden field would tell them its value is
 * shared. Each criterion uses its index (migration 003): the GIN index on phones_normalized, the
 * expression index on lower(email) and the index on tc, so the search stays fast on a million leads.
 */
export function createDuplicateLeadsService(
  db: Kysely<Database>,
  registry: TableRegistry,
): DuplicateLeadsService {
  return {
    async find(user, id) {
      const access = await resolveTableAccess(db, registry, user, LEADS_TABLE);
      const lead = await selectRow(db, access, id, ['id', ...PHONE_FIELDS, 'email', 'tc']);
      if (!lead) throw recordNotFound();
      requireModule(access, DUPLICATES_MODULE);
      const may = (name: string): boolean => access.listableNames.has(name);
      const fields = SHOWN_FIELDS.filter(may);

      const phones = [
        ...new Set(
          PHONE_FIELDS.filter(may)
            .map((name) => normalizePhone(text(lead[name])))
            .filter((digits) => digits !== ''),
        ),
      ];
      const email = may('email') ? text(lead.email) : '';
      const tc = may('tc') ? text(lead.tc) : '';
      const source = sql.id(access.table.sourceTable);
      const tests: Partial<Record<DuplicateReason, Condition>> = {};
      if (phones.length > 0) tests.phone = sql<boolean>`${column('phones_normalized')} && ${phones}::text[]`;
      if (email !== '') {
        tests.email = sql<boolean>`(${column('email')} is not null and ${column('email')} <> ''
          and lower(${column('email')}) = lower(${email}))`;
      }
      if (tc !== '') {
        tests.tc = sql<boolean>`(${column('tc')} is not null and ${column('tc')} <> '' and ${column('tc')} = ${tc})`;
      }
      const reasons = Object.keys(tests) as DuplicateReason[];
      if (reasons.length === 0) return { results: [], fields };

      const flags = reasons.map(
        (reason) => sql`coalesce(${tests[reason]}, false) as ${sql.id(`match_${reason}`)}`,
      );
      // One indexed lookup per criterion (with the scope), at most DUPLICATES_MAX ids picked from them,
      // then those rows read by primary key. A single OR with ORDER BY id LIMIT tempts the planner to walk
      // the primary key backwards through the whole table instead (seconds on a million leads).
      const notSelf = sql<boolean>`${column('id')} <> ${id}`;
      const candidates = reasons.map(
        (reason) =>
          sql`select ${column('id')} from ${source}
            where ${and([tests[reason] as Condition, notSelf, access.scope])}`,
      );
      const { rows } = await sql<Record<string, unknown>>`with
        candidates as materialized (${sql.join(candidates, sql` union `)}),
        picked as materialized (
          select ${column('id')} from candidates order by ${column('id')} desc limit ${DUPLICATES_MAX}
        )
        select ${sql.join([...fields.map(column), ...flags])} from ${source}
        where ${column('id')} in (select ${column('id')} from picked)
        order by ${column('id')} desc`.execute(db);

      // A clickShow field (T.C.) is shown masked, as in every list (docs/user-guide.md#maskeli-alanlar).
      const maskedNames = new Set(
        access.readable.filter((field) => field.component === MASKED_COMPONENT).map((field) => field.name),
      );
      const results = rows.map((row): DuplicateLead => ({
        id: Number(row.id),
        matched_by: reasons.filter((reason) => row[`match_${reason}`] === true),
        values: maskedValues(toRecordRow(row, fields), maskedNames),
      }));
      return { results, fields };
    },
  };
}
