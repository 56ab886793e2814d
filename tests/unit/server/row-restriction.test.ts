import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  DummyDriver,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  compileRowRestriction,
  equalityDefaults,
  validateRowRestriction,
} from '../../../src/server/engine/row-restriction';
import type { EngineUser } from '../../../src/server/engine/types';

/** Compiles only: lets the tests read the SQL and parameters without a database. */
const compiler = new Kysely<Record<string, never>>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const LEAD_COLUMNS = ['id', 'name', 'team_id', 'agent_id', 'status_id', 'is_customer', 'created_at', 'city'];
const USER_COLUMNS = ['id', 'name', 'email', 'department', 'team_id'];
const agent: EngineUser = { id: 7, team_id: 3, user_group_id: 5, department: 'sales' };

async function compiled(
  expression: string,
  user: EngineUser = agent,
): Promise<{ sql: string; parameters: readonly unknown[] }> {
  const condition = await compileRowRestriction(expression, LEAD_COLUMNS, user);
  return sql`select 1 from leads where ${condition}`.compile(compiler);
}

async function refusal(expression: string, columns: readonly string[] = LEAD_COLUMNS): Promise<string> {
  const check = await validateRowRestriction(expression, columns);
  if (check.valid) throw new Error(`accepted: ${expression}`);
  return check.message;
}

describe('row restriction: accepted expressions', () => {
  it('turns placeholders into typed parameters', async () => {
    const out = await compiled('team_id = {user.team_id}');
    expect(out.sql).toBe('select 1 from leads where ("team_id" = $1::int8)');
    expect(out.parameters).toEqual([3]);
  });

  it('keeps constants out of the SQL text', async () => {
    const out = await compiled(
      "city = 'İstanbul' and status_id in (1, 2, {user.id}) or not is_customer <> 0",
    );
    expect(out.sql).not.toContain('İstanbul');
    expect(out.sql).toContain('"city" = $1');
    expect(out.parameters).toEqual(['İstanbul', 1, 2, 7, 0]);
  });

  it('allows a constant boolean (team_id = {user.team_id} OR true)', async () => {
    const check = await validateRowRestriction('team_id = {user.team_id} OR true', LEAD_COLUMNS);
    expect(check).toEqual({ valid: true, columns: ['team_id'], placeholders: ['user.team_id'] });
    const out = await compiled('team_id = {user.team_id} OR true');
    expect(out.sql).toContain('or true');
  });

  it('accepts IS NULL, NOT IN, <=, != and IS TRUE-style tests', async () => {
    for (const expression of [
      'agent_id is null',
      'agent_id is not null and team_id not in (1,2)',
      "created_at >= '2025-01-01'",
      'status_id != 4',
      '{user.team_id} is null or team_id = {user.team_id}',
      "{user.department} = 'admin' or agent_id = {user.id}",
      'is_customer = 1 and true is not false',
    ]) {
      expect(await validateRowRestriction(expression, LEAD_COLUMNS), expression).toMatchObject({
        valid: true,
      });
    }
  });

  it('passes a null team as a typed NULL parameter', async () => {
    const out = await compiled('team_id = {user.team_id}', { ...agent, team_id: null });
    expect(out.parameters).toEqual([null]);
  });

  it('derives insert defaults from column = value terms', async () => {
    const defaults = await equalityDefaults(
      'team_id = {user.team_id} and is_customer = 1 and status_id > 2',
      agent,
    );
    expect([...defaults]).toEqual([
      ['team_id', 3],
      ['is_customer', 1],
    ]);
  });
});

describe('row restriction: hostile input is refused', () => {
  const hostile: readonly string[] = [
    '1=1; drop table leads',
    'id = 1;',
    'pg_sleep(10) is null',
    'pg_sleep(10)',
    '(select 1) = 1',
    'id in (select id from users)',
    'exists (select 1 from users)',
    'id = 1 -- x',
    'id = 1 /* hidden */',
    'id = 1 or name = $$x$$',
    'id = $1',
    "id::text = '1'",
    "cast(id as text) = '1'",
    'leads.id = 1',
    'public.leads.id = 1',
    'id = 1 union select 1',
    'true group by id',
    'true order by id',
    'true limit 1',
    'true for update',
    'id = -agent_id',
    'id + 1 = 2',
    "name like '%a%'",
    'id between 1 and 2',
    'id = any(array[1])',
    'case when true then true end',
    'coalesce(team_id, 0) = 0',
    'team_id',
    '5',
    "current_setting('x') = 'y'",
    'id = 1) or (1=1',
    '',
    '   ',
  ];
  for (const expression of hostile) {
    it(`refuses ${JSON.stringify(expression)}`, async () => {
      const message = await refusal(expression);
      expect(message).toMatch(/Satır kısıtlaması|yer tutucu|\$/);
    });
  }

  it('refuses unknown columns, e.g. users.password_hash', async () => {
    expect(await refusal("password_hash = 'x'", USER_COLUMNS)).toBe(
      'Satır kısıtlamasında bilinmeyen sütun: password_hash',
    );
    expect(await refusal('secret_column = 1')).toContain('bilinmeyen sütun');
  });

  it('refuses quoted identifiers that are not the exact column', async () => {
    expect(await refusal('"Team_Id" = 1')).toContain('bilinmeyen sütun');
  });

  it('refuses unknown placeholders and placeholders inside quotes', async () => {
    expect(await refusal('id = {user.password_hash}')).toBe(
      'Satır kısıtlamasında bilinmeyen yer tutucu: {user.password_hash}',
    );
    expect(await refusal('id = {x}')).toContain('bilinmeyen yer tutucu');
    expect(await refusal("name = '{user.id}'")).toBe('Yer tutucular tırnak içinde kullanılamaz');
  });

  it('names the construct it refuses in Turkish', async () => {
    expect(await refusal('pg_sleep(10) is null')).toBe(
      'Satır kısıtlamasında izin verilmeyen ifade: fonksiyon çağrısı',
    );
    expect(await refusal('(select 1) = 1')).toBe('Satır kısıtlamasında izin verilmeyen ifade: alt sorgu');
    expect(await refusal('1=1; drop table leads')).toBe(
      'Satır kısıtlaması tek bir koşul olmalı: noktalı virgül ve yorum kullanılamaz',
    );
  });

  it('refuses absurdly long or deep expressions', async () => {
    expect(await refusal('id = 1 or '.repeat(500) + 'true')).toBe(
      'Satır kısıtlaması çok uzun veya çok karmaşık',
    );
    expect(await refusal('not '.repeat(60) + 'true')).toBe('Satır kısıtlaması çok uzun veya çok karmaşık');
  });

  it('compileRowRestriction throws instead of returning SQL for refused input', async () => {
    await expect(compileRowRestriction('pg_sleep(1) is null', LEAD_COLUMNS, agent)).rejects.toThrow(
      'fonksiyon çağrısı',
    );
  });
});
