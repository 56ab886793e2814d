import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/seed/demo-data';
import { FIXED_LEAD, seedLeads } from '../../src/server/seed/leads';
import {
  CRM_TABLES,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  GROUP_BY_DEPARTMENT,
  seedReferenceData,
} from '../../src/server/seed/reference-data';
import { verifyPassword } from '../../src/server/modules/auth/passwords';
import { COMPONENT_TYPES, OPTION_LIST_IDS } from '../../src/shared/domain/constants';
import { normalizePhone } from '../../src/shared/domain/phone';
import { createTestDatabase } from './support/test-database';

const LEADS = 2000;

let database: DatabaseHandle;
let db: Kysely<Database>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoData(db, { leads: LEADS });
}, 120_000);

afterAll(async () => {
  await database?.close();
});

async function countOf(table: keyof Database): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n);
}

/** A valid Turkish national id: 11 digits, first not 0, two check digits. */
function isValidTc(tc: string): boolean {
  if (!/^[1-9]\d{10}$/.test(tc)) return false;
  const d = Array.from(tc, Number);
  const at = (index: number): number => d[index] ?? 0;
  const odd = at(0) + at(2) + at(4) + at(6) + at(8);
  const even = at(1) + at(3) + at(5) + at(7);
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  return at(9) === tenth && at(10) === (odd + even + tenth) % 10;
}

describe('seedDemoData', () => {
  it('writes the reference data and exactly the requested number of leads', async () => {
    expect(await countOf('leads')).toBe(LEADS);
    expect(await countOf('teams')).toBe(7);
    expect(await countOf('user_groups')).toBe(6);
    expect(await countOf('lead_statuses')).toBe(10);
    expect(await countOf('users')).toBeGreaterThanOrEqual(45);
    const notes = await countOf('lead_notes');
    expect(notes).toBeGreaterThanOrEqual(100);
    expect(notes).toBeLessThanOrEqual(1000);
  });

  it('is idempotent: a second run neither duplicates reference data nor adds leads', async () => {
    const before = await Promise.all(
      (['users', 'crm_fields', 'permissions', 'option_values'] as const).map(countOf),
    );
    expect((await seedReferenceData(db)).seeded).toEqual([]);
    await seedDemoData(db, { leads: LEADS });
    const after = await Promise.all(
      (['users', 'crm_fields', 'permissions', 'option_values'] as const).map(countOf),
    );
    expect(after).toEqual(before);
    expect(await countOf('leads')).toBe(LEADS);
  });

  it('stores every phone in a format that normalises to 10 digits starting with 5', async () => {
    const rows = await db.selectFrom('leads').select(['id', 'phone', 'mobile', 'phone_2']).execute();
    const formats = new Set<string>();
    for (const row of rows) {
      expect(row.phone, `lead ${row.id}`).not.toBeNull();
      const digits = normalizePhone(row.phone ?? '');
      expect(digits, `lead ${row.id}: ${row.phone}`).toMatch(/^5\d{9}$/);
      formats.add((row.phone ?? '').replace(/\d/g, '9'));
      for (const other of [row.mobile, row.phone_2]) {
        if (other !== null) expect(normalizePhone(other)).toMatch(/^5\d{9}$/);
      }
    }
    // Mixed, realistic formats: 05321234567, +90 532 123 45 67, 5321234567, ...
    expect(formats.size).toBeGreaterThanOrEqual(5);
  });

  it('assigns every lead to an active sales agent of its own team', async () => {
    const { rows } = await sql<{ mismatched: number; unassigned: number; teamless: number }>`
      select count(*) filter (where u.id is not null and (u.team_id is distinct from l.team_id or u.department <> 'sales'))::int as mismatched,
             count(*) filter (where l.agent_id is null)::int as unassigned,
             count(*) filter (where l.team_id is null)::int as teamless
      from leads l left join users u on u.id = l.agent_id`.execute(db);
    expect(rows[0]).toMatchObject({ mismatched: 0, teamless: 0 });
    // A few new leads wait for assignment, as in real life, but not many.
    expect(Number(rows[0]?.unassigned)).toBeLessThan(LEADS * 0.1);
    const teams = await db.selectFrom('leads').select('team_id').distinct().execute();
    expect(teams.length).toBe(3);
  });

  it('has the fixed lead Işık Yılmaz once, first, in Satış İstanbul, folded for search', async () => {
    const rows = await db
      .selectFrom('leads')
      .innerJoin('teams', 'teams.id', 'leads.team_id')
      .select(['leads.id', 'leads.name', 'leads.name_folded', 'leads.phone', 'teams.name as team'])
      .where('leads.name_folded', 'like', '%isik yilmaz%')
      .execute();
    expect(rows).toEqual([
      {
        id: 1,
        name: 'Işık Yılmaz',
        name_folded: 'isik yilmaz',
        phone: FIXED_LEAD.phone,
        team: 'Satış İstanbul',
      },
    ]);
    expect(normalizePhone(FIXED_LEAD.phone)).toBe('5321112233');
    const samePhone = await db
      .selectFrom('leads')
      .select('id')
      .where('phone', 'like', '%111%22%33')
      .execute();
    expect(samePhone.map((row) => row.id)).toEqual([1]);
  });

  it('makes about a tenth of the leads customers, complete enough for money operations', async () => {
    const customers = await db
      .selectFrom('leads')
      .leftJoin('users', 'users.id', 'leads.retention_id')
      .select([
        'leads.tc',
        'leads.address',
        'leads.city',
        'leads.ilce',
        'leads.occupation_id',
        'leads.customer_set_date',
        'leads.created_at',
        'users.department as retention_department',
      ])
      .where('leads.is_customer', '=', 1)
      .execute();
    expect(customers.length).toBeGreaterThan(LEADS * 0.05);
    expect(customers.length).toBeLessThan(LEADS * 0.15);
    for (const customer of customers) {
      expect(isValidTc(customer.tc ?? ''), `tc ${customer.tc}`).toBe(true);
      expect(customer.city).not.toBeNull();
      expect(customer.ilce).not.toBeNull();
      expect(customer.occupation_id).not.toBeNull();
      expect(customer.retention_department).toBe('retention');
      expect((customer.customer_set_date ?? '') >= customer.created_at).toBe(true);
    }
    // Most, not all, have an address: the money screen's "missing data" case exists too.
    const withAddress = customers.filter((customer) => customer.address !== null).length;
    expect(withAddress).toBeGreaterThan(customers.length * 0.8);
  });

  it('spreads leads over Turkish provinces and dates of the last two years', async () => {
    const { rows } = await sql<{ cities: number; oldest: string; newest: string; now: string }>`
      select count(distinct city)::int as cities, min(created_at)::text as oldest, max(created_at)::text as newest,
             localtimestamp(0)::text as now
      from leads`.execute(db);
    const row = rows[0];
    expect(Number(row?.cities)).toBeGreaterThan(40);
    const day = 86_400_000;
    const now = Date.parse(`${row?.now}Z`);
    expect(now - Date.parse(`${row?.oldest}Z`)).toBeGreaterThan(600 * day);
    expect(now - Date.parse(`${row?.oldest}Z`)).toBeLessThanOrEqual(731 * day);
    expect(Date.parse(`${row?.newest}Z`)).toBeLessThanOrEqual(now);
    const istanbul = await db.selectFrom('leads').select('ilce').where('city', '=', 'İstanbul').execute();
    expect(istanbul.length).toBeGreaterThan(LEADS * 0.08);
  });

  it('lets every demo account log in with the demo password (argon2id)', async () => {
    const users = await db
      .selectFrom('users')
      .select(['email', 'password_hash', 'department', 'dahili', 'active'])
      .where(
        'email',
        'in',
        DEMO_ACCOUNTS.map((account) => account.email),
      )
      .execute();
    expect(users.map((user) => user.email).sort()).toEqual(
      DEMO_ACCOUNTS.map((account) => account.email).sort(),
    );
    for (const user of users) {
      expect(user.password_hash.startsWith('$argon2id$')).toBe(true);
      expect(await verifyPassword(user.password_hash, DEMO_PASSWORD), user.email).toBe(true);
      expect(user.dahili).toMatch(/^\d{4}$/);
      expect(user.active).toBe(1);
    }
    expect(await verifyPassword(users[0]?.password_hash ?? '', 'yanlis')).toBe(false);
  });

  it('registers only real columns of each source table, password_hash only as a password', async () => {
    const { rows } = await sql<{ table_name: string; name: string }>`
      select f.table_name, f.name from crm_fields f
      join crm_tables t on t.table_name = f.table_name
      where not exists (
        select 1 from information_schema.columns c
        where c.table_schema = current_schema() and c.table_name = t.source_table and c.column_name = f.name)`.execute(
      db,
    );
    expect(rows).toEqual([]);
    // The engine never lists, reads or writes a password component; only a new user's insert hashes it.
    const secret = await db
      .selectFrom('crm_fields')
      .select(['table_name', 'component', 'show_insert'])
      .where('name', '=', 'password_hash')
      .execute();
    expect(secret).toEqual([{ table_name: 'users', component: 'password', show_insert: 1 }]);
  });

  it('uses every component type of docs/requirements.md#records-notes-and-settings, so each editor and renderer has demo data', async () => {
    const components = await db.selectFrom('crm_fields').select('component').distinct().execute();
    expect(components.map((row) => row.component).sort()).toEqual([...COMPONENT_TYPES].sort());
  });

  it('gives the double, json, modal and icon fields values to show', async () => {
    const { rows } = await sql<{ balances: number; exact: boolean }>`
      select count(*)::int as balances, bool_and(balance * 100 = trunc(balance * 100)) as exact
      from leads where balance is not null`.execute(db);
    expect(Number(rows[0]?.balances)).toBeGreaterThan(LEADS * 0.03);
    expect(rows[0]?.exact).toBe(true);
    const balance = await db
      .selectFrom('leads')
      .select('balance')
      .where('balance', 'is not', null)
      .executeTakeFirstOrThrow();
    // NUMERIC arrives as its decimal text, never as a float.
    expect(balance.balance).toMatch(/^\d+\.\d{2}$/);
    const icons = await db.selectFrom('crm_tables').select('icon').execute();
    expect(icons.every((row) => row.icon !== null && row.icon !== '')).toBe(true);
    const templates = await db.selectFrom('tasks_templates').select('tasks').execute();
    expect(templates.length).toBeGreaterThan(0);
    const bodies = await db.selectFrom('email_templates').select('body').execute();
    expect(bodies.every((row) => row.body.includes('\n'))).toBe(true);
  });

  it('puts the default list columns first and wires option lists', async () => {
    const leadFields = await db
      .selectFrom('crm_fields')
      .select(['name', 'component', 'option_list_id', 'search_column', 'show_insert'])
      .where('table_name', '=', 'leads')
      .orderBy('sort')
      .execute();
    expect(leadFields.slice(0, 6).map((field) => field.name)).toEqual([
      'id',
      'name',
      'status_id',
      'agent_id',
      'utm_source',
      'team_id',
    ]);
    const byName = new Map(leadFields.map((field) => [field.name, field]));
    expect(byName.get('name')).toMatchObject({
      component: 'name',
      search_column: 'name_folded',
      show_insert: 1,
    });
    expect(byName.get('status_id')).toMatchObject({ component: 'leadStatus', option_list_id: 16 });
    expect(byName.get('agent_id')).toMatchObject({ component: 'selectbox', option_list_id: 15 });
    expect(byName.get('team_id')).toMatchObject({ component: 'selectbox', option_list_id: 58 });
    const lists = await db.selectFrom('option_lists').select('id').execute();
    expect(lists.map((list) => list.id).sort((a, b) => a - b)).toEqual(
      Object.values(OPTION_LIST_IDS).sort((a, b) => a - b),
    );
    for (const referenced of leadFields.map((field) => field.option_list_id)) {
      if (referenced !== null) expect(lists.map((list) => list.id)).toContain(referenced);
    }
    const gateways = await db
      .selectFrom('option_values')
      .select('value')
      .where('list_id', '=', 199)
      .execute();
    expect(gateways.map((row) => row.value).sort()).toEqual(['1', '2', '5']);
  });

  it('has a permission row for every group and registered table, as the departments need', async () => {
    const { rows } = await sql<{ missing: number }>`
      select count(*)::int as missing from user_groups g cross join crm_tables t
      where not exists (select 1 from permissions p where p.user_group_id = g.id and p.table_name = t.table_name)`.execute(
      db,
    );
    expect(rows[0]?.missing).toBe(0);
    expect(await countOf('permissions')).toBe(6 * CRM_TABLES.length);

    const permission = async (department: keyof typeof GROUP_BY_DEPARTMENT, table: string) =>
      db
        .selectFrom('permissions')
        .innerJoin('user_groups', 'user_groups.id', 'permissions.user_group_id')
        .selectAll('permissions')
        .where('user_groups.name', '=', GROUP_BY_DEPARTMENT[department])
        .where('permissions.table_name', '=', table)
        .executeTakeFirstOrThrow();
    const sales = await permission('sales', 'leads');
    expect(sales).toMatchObject({ show: 1, update: 1, delete: 0, excel_import: 0, excel_export: 1 });
    expect(sales.extra_sql).toBe('team_id = {user.team_id}');
    expect(sales.write_fields).not.toContain('team_id');
    expect(sales.write_fields).toContain('agent_id');
    // Agents give their customers' deposit and withdrawal instructions (see docs/money.md).
    expect(sales.modules).toContain('para-islemleri');
    expect((await permission('finance', 'leads')).list_fields).not.toContain('tc');
    expect((await permission('finance', 'customers')).update).toBe(0);
    expect((await permission('retention', 'customers')).extra_sql).toBe('retention_id = {user.id}');
    expect((await permission('sales_manager', 'users')).delete).toBe(0);
    expect((await permission('admin', 'users')).delete).toBe(1);
    expect((await permission('sales', 'users')).show).toBe(0);
  });
});

describe('seedLeads bulk load', () => {
  it('drops and rebuilds the indexes and foreign keys of leads exactly', async () => {
    const schemaOf = async () =>
      sql<{ definition: string }>`
        select pg_get_indexdef(indexrelid) as definition from pg_index where indrelid = 'leads'::regclass
        union all
        select conname || ' ' || pg_get_constraintdef(oid) from pg_constraint where conrelid = 'leads'::regclass
        order by 1`.execute(db);
    const before = (await schemaOf()).rows;
    const phases: string[] = [];
    const result = await seedLeads(db, 500, { bulkLoad: true, onProgress: (p) => phases.push(p.phase) });
    expect(result).toMatchObject({ leads: 500, bulkLoad: true });
    expect(phases).toContain('rebuild-indexes');
    expect((await schemaOf()).rows).toEqual(before);
    expect(await countOf('leads')).toBe(LEADS + 500);
    // The fixed lead is not inserted twice, and a later run makes new people, not copies of the first run.
    const fixed = await db.selectFrom('leads').select('id').where('name', '=', FIXED_LEAD.name).execute();
    expect(fixed).toHaveLength(1);
    const { rows } = await sql<{ repeated: number }>`
      select count(*)::int as repeated from leads a join leads b on a.phone = b.phone and a.id < b.id
      where a.id <= ${LEADS} and b.id > ${LEADS}`.execute(db);
    expect(Number(rows[0]?.repeated)).toBeLessThan(5);
  }, 60_000);
});
