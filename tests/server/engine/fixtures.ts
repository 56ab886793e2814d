import type { Insertable, Kysely } from 'kysely';
import type { DatabaseHandle } from '../../../src/server/db/database';
import type { Database, LeadsTable } from '../../../src/server/db/schema';
import { createTableRegistry, type TableRegistry } from '../../../src/server/engine/registry';
import type { EngineUser } from '../../../src/server/engine/types';
import { createTestDatabase } from '../support/test-database';

/**
 * A small, fully known data set for the engine tests: three teams, four groups (admin: all; agent: own
 * team, no tc in lists, may write team_id; viewer: read only; none: no permission rows), two option
 * lists and fourteen leads whose values exercise every filter type, NULLs and Turkish letters.
 */
export interface EngineFixture {
  handle: DatabaseHandle;
  db: Kysely<Database>;
  registry: TableRegistry;
  users: { admin: EngineUser; agent: EngineUser; viewer: EngineUser; outsider: EngineUser };
  teams: { a: number; b: number; c: number };
  leads: LeadFixture[];
  warnings: string[];
  close(): Promise<void>;
}

export interface LeadFixture {
  id: number;
  name: string;
  city: string | null;
  email: string | null;
  status_id: number | null;
  team_id: number | null;
  agent_id: number | null;
  is_customer: number;
  tc: string | null;
  birthday: string | null;
  created_at: string;
}

type LeadSeed = Omit<Insertable<LeadsTable>, 'team_id'> & { team: 'a' | 'b' | 'c' | null };

const LEADS: readonly LeadSeed[] = [
  {
    name: 'Işık Yılmaz',
    city: 'İstanbul',
    status_id: 1,
    team: 'a',
    is_customer: 0,
    tc: '11111111110',
    created_at: '2025-03-01 09:00:00',
    birthday: '1990-05-01',
    email: 'isik@example.com',
  },
  {
    name: 'ışıl Demir',
    city: 'istanbul',
    status_id: 2,
    team: 'a',
    is_customer: 1,
    tc: '22222222220',
    created_at: '2025-03-01 23:59:59',
    birthday: null,
    email: null,
  },
  {
    name: 'IŞIK KARA',
    city: 'Ankara',
    status_id: 3,
    team: 'b',
    is_customer: 0,
    tc: null,
    created_at: '2025-03-02 00:00:00',
    birthday: '1985-12-31',
    email: 'kara@example.com',
  },
  {
    name: 'Isik Ak',
    city: null,
    status_id: null,
    team: 'b',
    is_customer: 1,
    tc: '33333333330',
    created_at: '2025-03-02 12:30:00',
    birthday: null,
    email: null,
  },
  {
    name: 'Çağla Öztürk',
    city: 'İzmir',
    status_id: 1,
    team: 'a',
    is_customer: 0,
    tc: null,
    created_at: '2025-02-28 10:00:00',
    birthday: '2000-02-29',
    email: 'cagla@example.com',
  },
  {
    name: 'Şule Ünal',
    city: 'Bursa',
    status_id: 2,
    team: 'c',
    is_customer: 0,
    tc: null,
    created_at: '2025-01-15 08:00:00',
    birthday: null,
    email: null,
  },
  {
    name: '100% Kâr',
    city: 'Ankara',
    status_id: 3,
    team: 'c',
    is_customer: 0,
    tc: null,
    created_at: '2025-01-16 08:00:00',
    birthday: null,
    email: null,
  },
  {
    name: 'alt_çizgi',
    city: 'Ankara',
    status_id: 1,
    team: 'a',
    is_customer: 0,
    tc: null,
    created_at: '2025-01-17 08:00:00',
    birthday: null,
    email: null,
  },
  {
    name: 'ters\\bölü',
    city: 'İzmir',
    status_id: 2,
    team: null,
    is_customer: 0,
    tc: null,
    created_at: '2025-01-18 08:00:00',
    birthday: null,
    email: null,
  },
  {
    name: "O'Neil Tırnak",
    city: 'Bursa',
    status_id: 3,
    team: 'b',
    is_customer: 1,
    tc: null,
    created_at: '2025-01-19 08:00:00',
    birthday: null,
    email: null,
  },
  {
    name: 'Ahmet Kaya',
    city: 'İstanbul',
    status_id: 1,
    team: 'a',
    is_customer: 0,
    tc: null,
    created_at: '2024-12-31 23:00:00',
    birthday: '1970-01-01',
    email: 'ahmet@example.com',
  },
  {
    name: 'Mehmet Kaya',
    city: 'istanbul',
    status_id: 2,
    team: 'a',
    is_customer: 1,
    tc: null,
    created_at: '2024-12-30 10:00:00',
    birthday: null,
    email: null,
  },
  {
    name: 'Zeynep Arslan',
    city: 'Antalya',
    status_id: null,
    team: 'c',
    is_customer: 0,
    tc: null,
    created_at: '2024-11-01 10:00:00',
    birthday: null,
    email: null,
  },
  {
    name: 'Ali Veli',
    city: 'Ankara',
    status_id: 3,
    team: 'b',
    is_customer: 0,
    tc: null,
    created_at: '2024-10-01 10:00:00',
    birthday: null,
    email: null,
  },
];

const LEAD_FIELDS: readonly [string, string, string, { option?: number; insert?: 1; search?: string }?][] = [
  ['id', 'ID', 'id'],
  ['name', 'Ad Soyad', 'name', { insert: 1, search: 'name_folded' }],
  ['status_id', 'Durum', 'leadStatus', { option: 16, insert: 1 }],
  ['agent_id', 'Temsilci', 'selectbox', { option: 15 }],
  ['team_id', 'Takım', 'selectbox', { option: 58 }],
  ['city', 'İl', 'string', { insert: 1 }],
  ['email', 'E-posta', 'email', { insert: 1 }],
  ['tc', 'TC Kimlik No', 'string'],
  ['is_customer', 'Müşteri', 'status'],
  ['birthday', 'Doğum Tarihi', 'birthday'],
  ['created_at', 'Kayıt Tarihi', 'date'],
  ['updated_at', 'Güncellenme Tarihi', 'date'],
  // Registered by mistake: no such column. The registry must drop it, never put it into SQL.
  ['no_such_column', 'Yok', 'string'],
];

export async function createEngineFixture(): Promise<EngineFixture> {
  const handle = await createTestDatabase();
  const { db } = handle;
  const warnings: string[] = [];

  const teamRows = await db
    .insertInto('teams')
    .values([{ name: 'A' }, { name: 'B' }, { name: 'C' }])
    .returning('id')
    .execute();
  const [a, b, c] = teamRows.map((row) => row.id) as [number, number, number];
  const groupRows = await db
    .insertInto('user_groups')
    .values([{ name: 'admin' }, { name: 'agent' }, { name: 'viewer' }, { name: 'none' }])
    .returning('id')
    .execute();
  const [gAdmin, gAgent, gViewer, gNone] = groupRows.map((row) => row.id) as [number, number, number, number];
  const user = (name: string, department: string, group: number, team: number | null) => ({
    name,
    email: `${name}@test.crm`,
    password_hash: 'x',
    department,
    user_group_id: group,
    team_id: team,
  });
  const userRows = await db
    .insertInto('users')
    .values([
      user('admin', 'admin', gAdmin, null),
      user('agent', 'sales', gAgent, a),
      user('viewer', 'finance', gViewer, b),
      user('outsider', 'admin', gNone, a),
    ])
    .returning(['id', 'user_group_id', 'team_id', 'department'])
    .execute();
  const [admin, agent, viewer, outsider] = userRows as [EngineUser, EngineUser, EngineUser, EngineUser];

  await db
    .insertInto('lead_statuses')
    .values([{ label: 'Yeni' }, { label: 'Arandı' }, { label: 'Olumlu' }])
    .execute();
  await db
    .insertInto('option_lists')
    .values([
      { id: 15, name: 'Temsilciler', source: 'users' },
      { id: 16, name: 'Durumlar', source: 'lead_statuses' },
      { id: 58, name: 'Takımlar', source: 'teams' },
    ])
    .execute();

  await db
    .insertInto('crm_tables')
    .values([
      {
        table_name: 'leads',
        source_table: 'leads',
        base_filter: null,
        name: 'Leadler',
        location: 1,
        sort: 1,
      },
      {
        table_name: 'customers',
        source_table: 'leads',
        base_filter: 'is_customer = 1',
        name: 'Müşteriler',
        location: 1,
        sort: 2,
      },
      {
        table_name: 'users',
        source_table: 'users',
        base_filter: null,
        name: 'Kullanıcılar',
        location: 2,
        sort: 3,
      },
      {
        table_name: 'ghost',
        source_table: 'no_such_table',
        base_filter: null,
        name: 'Hayalet',
        location: 1,
        sort: 4,
      },
    ])
    .execute();
  const fieldRows = ['leads', 'customers'].flatMap((table) =>
    LEAD_FIELDS.map(([name, display_name, component, extra], index) => ({
      table_name: table,
      name,
      display_name,
      component,
      option_list_id: extra?.option ?? null,
      show_insert: extra?.insert ?? 0,
      search_column: extra?.search ?? null,
      sort: index,
    })),
  );
  await db.insertInto('crm_fields').values(fieldRows).execute();
  await db
    .insertInto('crm_fields')
    .values([
      { table_name: 'users', name: 'id', display_name: 'ID', component: 'id', sort: 0 },
      { table_name: 'users', name: 'name', display_name: 'Ad', component: 'string', sort: 1 },
      { table_name: 'users', name: 'password_hash', display_name: 'Şifre', component: 'password', sort: 2 },
    ])
    .execute();

  const full = { show: 1, delete: 1, update: 1, excel_import: 1, excel_export: 1 };
  await db
    .insertInto('permissions')
    .values([
      { user_group_id: gAdmin, table_name: 'leads', ...full, modules: ['kisisel-bilgiler', 'notlar'] },
      { user_group_id: gAdmin, table_name: 'customers', ...full },
      { user_group_id: gAdmin, table_name: 'users', ...full },
      {
        user_group_id: gAgent,
        table_name: 'leads',
        show: 1,
        update: 1,
        list_fields: ['name', 'status_id', 'agent_id', 'team_id', 'city', 'email', 'created_at', 'birthday'],
        read_fields: ['name', 'status_id', 'team_id', 'city', 'email'],
        write_fields: ['name', 'status_id', 'city', 'email', 'team_id', 'birthday'],
        extra_sql: 'team_id = {user.team_id}',
        modules: ['kisisel-bilgiler'],
      },
      { user_group_id: gAgent, table_name: 'customers', show: 1, extra_sql: 'team_id = {user.team_id}' },
      { user_group_id: gViewer, table_name: 'leads', show: 1, write_fields: [] },
      { user_group_id: gViewer, table_name: 'customers', show: 0 },
    ])
    .execute();

  const teamId = { a, b, c } as const;
  const inserted = await db
    .insertInto('leads')
    .values(
      LEADS.map(({ team, ...lead }) => ({
        ...lead,
        team_id: team === null ? null : teamId[team],
        agent_id: team === 'a' ? agent.id : null,
      })),
    )
    .returning([
      'id',
      'name',
      'city',
      'email',
      'status_id',
      'team_id',
      'agent_id',
      'is_customer',
      'tc',
      'birthday',
      'created_at',
    ])
    .execute();

  const registry = createTableRegistry(db, { onWarning: (message) => warnings.push(message) });
  return {
    handle,
    db,
    registry,
    users: { admin, agent, viewer, outsider },
    teams: { a, b, c },
    leads: inserted,
    warnings,
    close: () => handle.close(),
  };
}
