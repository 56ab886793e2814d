import { sql, type Kysely } from 'kysely';
import type { DuplicateAnswer, DuplicateMatch } from '../../../shared/contract/records';
import {
  DUPLICATE_FIELDS,
  DUPLICATE_MATCHES_MAX,
  duplicateEmail,
  duplicateTc,
  type DuplicateReason,
} from '../../../shared/domain/lead-duplicates';
import { storablePhone } from '../../../shared/domain/phone';
import { workflowMessages } from '../../../shared/i18n/workflow-messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import type { TableAccess } from '../../engine/permission-resolver';
import type { WriteValue } from '../../engine/record-writer';
import { column } from '../../engine/sql-helpers';

/** The source table whose rows are leads: the only one duplicates are looked for in. */
export const LEADS_SOURCE = 'leads';

/** What a save would write that another lead may already have, as compared. */
interface Wanted {
  phones: string[];
  email: string | null;
  tc: string | null;
}

const text = (value: WriteValue | undefined): string =>
  value === null || value === undefined || Array.isArray(value) ? '' : String(value);

function wantedOf(values: ReadonlyMap<string, WriteValue>, current: Wanted | null): Wanted {
  const phones = DUPLICATE_FIELDS.phone
    .map((name) => storablePhone(text(values.get(name))))
    .filter((phone): phone is string => phone !== null)
    .filter((phone) => !current?.phones.includes(phone));
  const email = values.has('email') ? duplicateEmail(text(values.get('email'))) : '';
  const tc = values.has('tc') ? duplicateTc(text(values.get('tc'))) : '';
  return {
    phones: [...new Set(phones)],
    email: email === '' || email === current?.email ? null : email,
    tc: tc === '' || tc === current?.tc ? null : tc,
  };
}

interface HitRow {
  id: number;
  name: string;
  inside: boolean;
  phone_hit: boolean;
  email_hit: boolean;
  tc_hit: boolean;
}

/**
 * The leads that already have a phone, e-mail or T.C. of `values` (see docs/user-guide.md#duplicates):
 * those of the user's rows by id and name, the others only counted, so a save reveals nothing of a lead
 * the user may not open. An edit (`id`) compares only what it changes, and never matches the lead itself.
 * Phones compare as their 10 digits, through the per-position indexes of phones_normalized.
 */
export async function findLeadDuplicates(
  db: Kysely<Database>,
  access: TableAccess,
  values: ReadonlyMap<string, WriteValue>,
  id?: number,
): Promise<DuplicateAnswer> {
  const none: DuplicateAnswer = { matches: [], outside: 0, outside_reasons: [] };
  if (access.table.sourceTable !== LEADS_SOURCE) return none;
  let current: Wanted | null = null;
  if (id !== undefined) {
    const row = await db
      .selectFrom('leads')
      .select(['phones_normalized', 'email', 'tc'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (row) {
      current = {
        phones: Array.isArray(row.phones_normalized) ? row.phones_normalized.map(String) : [],
        email: row.email === null ? null : duplicateEmail(row.email),
        tc: row.tc === null ? null : duplicateTc(row.tc),
      };
    }
  }
  const wanted = wantedOf(values, current);
  if (wanted.phones.length === 0 && wanted.email === null && wanted.tc === null) return none;
  const numbers = column('phones_normalized');
  const phoneHit =
    wanted.phones.length === 0
      ? sql<boolean>`false`
      : sql<boolean>`(${numbers}[1] = any(${wanted.phones}::text[]) or ${numbers}[2] = any(${wanted.phones}::text[])
          or ${numbers}[3] = any(${wanted.phones}::text[]))`;
  const emailHit =
    wanted.email === null ? sql<boolean>`false` : sql<boolean>`lower(${column('email')}) = ${wanted.email}`;
  const tcHit = wanted.tc === null ? sql<boolean>`false` : sql<boolean>`${column('tc')} = ${wanted.tc}`;
  const { rows } = await sql<HitRow>`select ${column('id')} as id, ${column('name')} as name,
      coalesce(${access.scope}, false) as inside,
      ${phoneHit} as phone_hit, ${emailHit} as email_hit, ${tcHit} as tc_hit
    from ${sql.id(LEADS_SOURCE)}
    where (${phoneHit} or ${emailHit} or ${tcHit})
      ${id === undefined ? sql`` : sql`and ${column('id')} <> ${id}`}
    order by ${column('id')} limit 200`.execute(db);
  const reasonsOf = (row: HitRow): DuplicateReason[] => [
    ...(row.phone_hit ? (['phone'] as const) : []),
    ...(row.email_hit ? (['email'] as const) : []),
    ...(row.tc_hit ? (['tc'] as const) : []),
  ];
  const matches: DuplicateMatch[] = [];
  const outsideReasons = new Set<DuplicateReason>();
  let outside = 0;
  for (const row of rows) {
    if (row.inside === true) {
      if (matches.length < DUPLICATE_MATCHES_MAX)
        matches.push({ id: Number(row.id), name: row.name, reasons: reasonsOf(row) });
    } else {
      outside += 1;
      for (const reason of reasonsOf(row)) outsideReasons.add(reason);
    }
  }
  return { matches, outside, outside_reasons: [...outsideReasons] };
}

/** Refuses the save with 409 and the matches unless the user confirmed them (confirm_duplicates=1). */
export async function refuseUnconfirmedDuplicates(
  db: Kysely<Database>,
  access: TableAccess,
  values: ReadonlyMap<string, WriteValue>,
  confirmed: boolean,
  id?: number,
): Promise<void> {
  if (confirmed || access.table.sourceTable !== LEADS_SOURCE) return;
  const found = await findLeadDuplicates(db, access, values, id);
  if (found.matches.length === 0 && found.outside === 0) return;
  throw DomainError.conflict(workflowMessages.duplicateFound, { duplicates: found });
}
