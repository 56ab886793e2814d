import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import type { CallResult } from '../../src/shared/contract';
import { workflowMessages } from '../../src/shared/i18n/workflow-messages';
import { format } from '../../src/shared/i18n/messages';
import { failureMessage, okAnswer, startDemoServer, type DemoServer } from './support/demo-server';
import { postForm, postJson } from './support/http';

/**
 * The importer's owner step and duplicate policy (docs/user-guide.md#importing-leads): the leads land
 * with the chosen agent and that agent's team in the same write, status and source defaults fill only
 * what the file does not have, the server refuses an owner the user may not hand work to, and duplicated
 * rows are skipped, imported or fill the existing lead's empty fields, counted in the answer and report.
 */

let server: DemoServer;
let db: Kysely<Database>;
let managerToken: string;
let yeni: number;
let otherStatus: number;

type InsertAnswer = CallResult<'bulkInsert'>;

let serial = 0;
function newExcelId(): string {
  serial += 1;
  return `sahip_${String(serial).padStart(11, '0')}`;
}

function chunk(columns: string[], data: string[][], extra: Record<string, unknown> = {}) {
  return {
    table: 'leads',
    excelId: newExcelId(),
    fileName: 'sahip.csv',
    chunk: 0,
    chunks: 1,
    total: data.length,
    inputs: { columns, data },
    ...extra,
  };
}

const insert = (body: Record<string, unknown>, token = managerToken) =>
  postJson(server.app, '/api/bulk/insert/', body, token);

async function leadsByName(names: string[]) {
  return db
    .selectFrom('leads')
    .select(['id', 'name', 'agent_id', 'team_id', 'status_id', 'utm_source', 'email', 'city'])
    .where('name', 'in', names)
    .orderBy('id')
    .execute();
}

async function report(excelId: string) {
  const answer = okAnswer<CallResult<'importStatus'>>(
    await postJson(server.app, '/api/import/status', { excelId }, managerToken),
  );
  return answer.report;
}

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
  const { login } = await import('./support/http');
  managerToken = await login(server.app, 'sales_manager@demo.crm', 'Demo.2026');
  yeni = (
    await db.selectFrom('lead_statuses').select('id').where('is_default', '=', 1).executeTakeFirstOrThrow()
  ).id;
  otherStatus = (
    await db.selectFrom('lead_statuses').select('id').where('is_default', '=', 0).executeTakeFirstOrThrow()
  ).id;
  // A sales agent allowed to import (before any of their permission rows is read and cached): the
  // attacker of the owner checks below.
  await db
    .updateTable('permissions')
    .set({ excel_import: 1 })
    .where('user_group_id', '=', server.users.sales.user_group_id)
    .where('table_name', '=', 'leads')
    .execute();
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('the owner step', () => {
  it("an agent as owner: the agent's team in the same write, the default status, seen by the agent at once", async () => {
    const body = chunk(
      ['name', 'phone'],
      [
        ['Sahip Adım Bir', '5391110001'],
        ['Sahip Adım İki', '5391110002'],
      ],
      { owner: { mode: 'agent', agent_id: server.users.sales.id }, duplicatePolicy: 'import' },
    );
    const answer = okAnswer<InsertAnswer>(await insert(body));
    expect(answer.successCount).toBe(2);
    const rows = await leadsByName(['Sahip Adım Bir', 'Sahip Adım İki']);
    for (const row of rows) {
      expect(row).toMatchObject({
        agent_id: server.users.sales.id,
        team_id: server.users.sales.team_id,
        status_id: yeni,
      });
      const seen = await postForm(server.app, `/api/row/leads/${row.id}`, {}, server.users.sales.token);
      expect(seen.statusCode).toBe(200);
    }
    const journal = await db
      .selectFrom('lead_journal')
      .select('values')
      .where('lead_id', '=', rows[0]?.id ?? 0)
      .executeTakeFirstOrThrow();
    const values = (
      typeof journal.values === 'string' ? JSON.parse(journal.values) : journal.values
    ) as Record<string, unknown>;
    expect(Object.keys(values)).toEqual(expect.arrayContaining(['agent_id', 'team_id']));
    const saved = await report(body.excelId);
    const agent = await db
      .selectFrom('users')
      .innerJoin('teams', 'teams.id', 'users.team_id')
      .select(['users.name as name', 'teams.name as team'])
      .where('users.id', '=', server.users.sales.id)
      .executeTakeFirstOrThrow();
    expect(saved?.owner_text).toBe(
      format(workflowMessages.importReportOwnerAgent, { agent: agent.name, team: agent.team }),
    );
  });

  it("the file's column wins where it has a value; status and source defaults fill the rest", async () => {
    const body = chunk(
      ['name', 'utm_source', 'status_id'],
      [
        ['Sahip Kaynak Dosya', 'dosya-kaynak', String(otherStatus)],
        ['Sahip Kaynak Boş', '', ''],
      ],
      {
        owner: {
          mode: 'agent',
          agent_id: server.users.sales2.id,
          status_id: otherStatus,
          source: 'fuar-2026',
        },
      },
    );
    okAnswer<InsertAnswer>(await insert(body));
    const [fromFile, fromDefault] = await leadsByName(['Sahip Kaynak Dosya', 'Sahip Kaynak Boş']);
    expect(fromFile).toMatchObject({ utm_source: 'dosya-kaynak', status_id: otherStatus });
    expect(fromDefault).toMatchObject({
      utm_source: 'fuar-2026',
      status_id: otherStatus,
      agent_id: server.users.sales2.id,
      team_id: server.users.sales2.team_id,
    });
    // Without the column at all: the defaults.
    okAnswer<InsertAnswer>(
      await insert(
        chunk(['name'], [['Sahip Kaynak Yok']], {
          owner: { mode: 'agent', agent_id: server.users.sales2.id, source: 'fuar-2026' },
        }),
      ),
    );
    expect((await leadsByName(['Sahip Kaynak Yok']))[0]).toMatchObject({
      utm_source: 'fuar-2026',
      status_id: yeni,
    });
  });

  it('an agent named by the owner step is not overridden by an assignment rule', async () => {
    const hook = await db
      .insertInto('hooks')
      .values({
        if_field: 'utm_source',
        if_value: 'sahip-kural-ithal',
        then_field: 'agent_id',
        then_value: String(server.users.sales2.id),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      okAnswer<InsertAnswer>(
        await insert(
          chunk(['name', 'utm_source'], [['Sahip Kural Temsilci', 'sahip-kural-ithal']], {
            owner: { mode: 'agent', agent_id: server.users.sales.id },
          }),
        ),
      );
      okAnswer<InsertAnswer>(
        await insert(
          chunk(['name', 'utm_source'], [['Sahip Kural Kurallar', 'sahip-kural-ithal']], {
            owner: { mode: 'rules' },
          }),
        ),
      );
      const [byOwner, byRules] = await leadsByName(['Sahip Kural Temsilci', 'Sahip Kural Kurallar']);
      expect(byOwner).toMatchObject({ agent_id: server.users.sales.id, team_id: server.users.sales.team_id });
      expect(byRules).toMatchObject({
        agent_id: server.users.sales2.id,
        team_id: server.users.sales2.team_id,
      });
    } finally {
      await db.deleteFrom('hooks').where('id', '=', hook.id).execute();
    }
  });

  it("rules with a team: leads no rule assigns wait in that team's pool, without an agent", async () => {
    const body = chunk(['name'], [['Sahip Havuz']], {
      owner: { mode: 'rules', team_id: server.users.sales2.team_id },
    });
    okAnswer<InsertAnswer>(await insert(body));
    expect((await leadsByName(['Sahip Havuz']))[0]).toMatchObject({
      agent_id: null,
      team_id: server.users.sales2.team_id,
    });
    const team = await db
      .selectFrom('teams')
      .select('name')
      .where('id', '=', server.users.sales2.team_id)
      .executeTakeFirstOrThrow();
    expect((await report(body.excelId))?.owner_text).toBe(
      format(workflowMessages.importReportOwnerRulesTeam, { team: team.name }),
    );
  });

  it('refuses, writing nothing: an inactive agent, a missing team or status, an agent with no id', async () => {
    const inactive = await db
      .insertInto('users')
      .values({
        name: 'Pasif Temsilci',
        email: 'pasif.sahip@demo.crm',
        password_hash: 'x',
        department: 'sales',
        team_id: server.users.sales.team_id,
        user_group_id: server.users.sales.user_group_id,
        active: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, string][] = [
      [{ mode: 'agent', agent_id: inactive.id }, workflowMessages.importOwnerAgentInactive],
      [{ mode: 'agent', agent_id: 999_999 }, workflowMessages.importOwnerAgentNotAllowed],
      [{ mode: 'rules', team_id: 999_999 }, workflowMessages.importOwnerTeamMissing],
      [
        { mode: 'agent', agent_id: server.users.sales.id, status_id: 999_999 },
        workflowMessages.importOwnerStatusMissing,
      ],
    ];
    for (const [owner, message] of cases) {
      expect(failureMessage(await insert(chunk(['name'], [['Sahip Red']], { owner })), 400)).toBe(message);
    }
    expect((await insert(chunk(['name'], [['Sahip Red']], { owner: { mode: 'agent' } }))).statusCode).toBe(
      400,
    );
    expect(await leadsByName(['Sahip Red'])).toEqual([]);
  });

  it("an agent (attacker) cannot import leads into another team's agent, nor into another team's pool", async () => {
    const token = server.users.sales.token;
    expect(
      failureMessage(
        await insert(
          chunk(['name'], [['Sahip Saldırı']], {
            owner: { mode: 'agent', agent_id: server.users.sales2.id },
          }),
          token,
        ),
        400,
      ),
    ).toBe(workflowMessages.importOwnerAgentNotAllowed);
    const pool = await insert(
      chunk(['name'], [['Sahip Saldırı']], {
        owner: { mode: 'rules', team_id: server.users.sales2.team_id },
      }),
      token,
    );
    expect(pool.statusCode).toBeGreaterThanOrEqual(400);
    expect(await leadsByName(['Sahip Saldırı'])).toEqual([]);
    // Their own name is fine: the leads are theirs, in their team.
    okAnswer<InsertAnswer>(
      await insert(
        chunk(['name'], [['Sahip Kendisi']], { owner: { mode: 'agent', agent_id: server.users.sales.id } }),
        token,
      ),
    );
    expect((await leadsByName(['Sahip Kendisi']))[0]).toMatchObject({
      agent_id: server.users.sales.id,
      team_id: server.users.sales.team_id,
    });
  });
});

describe('the duplicate policy', () => {
  async function existing(name: string, phone: string, city: string | null) {
    return db
      .insertInto('leads')
      .values({
        name,
        phone,
        city,
        email: null,
        agent_id: server.users.sales.id,
        team_id: server.users.sales.team_id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  it('skip: the duplicated row is left out and counted', async () => {
    await existing('Mevcut Atla', '5392220001', null);
    const body = chunk(
      ['name', 'phone'],
      [
        ['Dosya Atla', '0539 222 00 01'],
        ['Dosya Yeni Atla', '5392220002'],
      ],
      {
        duplicatePolicy: 'skip',
      },
    );
    const answer = okAnswer<InsertAnswer>(await insert(body));
    expect(answer).toMatchObject({ successCount: 1, skipped: 1, updated: 0 });
    expect(await leadsByName(['Dosya Atla'])).toEqual([]);
    expect(await report(body.excelId)).toMatchObject({ double: 1, inserted: 1, duplicate_policy: 'skip' });
  });

  it('import: the duplicated row is a new lead, still counted as a duplicate', async () => {
    await existing('Mevcut Yükle', '5392220011', null);
    const body = chunk(['name', 'phone'], [['Dosya Yükle', '5392220011']], { duplicatePolicy: 'import' });
    expect(okAnswer<InsertAnswer>(await insert(body))).toMatchObject({ successCount: 1, skipped: 0 });
    expect(await report(body.excelId)).toMatchObject({ double: 1, inserted: 1, duplicate_policy: 'import' });
  });

  it("update: only the existing lead's empty fields are filled, journaled, and counted", async () => {
    const lead = await existing('Mevcut Doldur', '5392220021', 'Bursa');
    const body = chunk(
      ['name', 'phone', 'city', 'email'],
      [['Dosya Doldur', '5392220021', 'İzmir', 'doldur@ornek.com.tr']],
      { duplicatePolicy: 'update' },
    );
    expect(okAnswer<InsertAnswer>(await insert(body))).toMatchObject({
      successCount: 0,
      skipped: 1,
      updated: 1,
    });
    const row = await db
      .selectFrom('leads')
      .select(['name', 'city', 'email'])
      .where('id', '=', lead.id)
      .executeTakeFirstOrThrow();
    // The name and city it had stay; the empty e-mail takes the file's.
    expect(row).toEqual({ name: 'Mevcut Doldur', city: 'Bursa', email: 'doldur@ornek.com.tr' });
    const journal = await db
      .selectFrom('lead_journal')
      .select('values')
      .where('lead_id', '=', lead.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const values = (
      typeof journal.values === 'string' ? JSON.parse(journal.values) : journal.values
    ) as Record<string, unknown>;
    expect(values).toEqual({ email: { old: null, new: 'doldur@ornek.com.tr' } });
    expect(await report(body.excelId)).toMatchObject({
      double: 1,
      inserted: 0,
      updated: 1,
      duplicate_policy: 'update',
    });
    // The same chunk again answers the same counts and writes nothing twice.
    expect(okAnswer<InsertAnswer>(await insert(body))).toMatchObject({ repeated: true, updated: 1 });
  });

  it('update never reaches a lead outside the user’s rows (an agent’s import matches only their own)', async () => {
    const foreign = await db
      .insertInto('leads')
      .values({
        name: 'Yabancı Mevcut',
        phone: '5392220031',
        email: null,
        agent_id: server.users.sales2.id,
        team_id: server.users.sales2.team_id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    okAnswer<InsertAnswer>(
      await insert(
        chunk(['name', 'phone', 'email'], [['Saldırgan Doldur', '5392220031', 'saldiri@ornek.com']], {
          duplicatePolicy: 'update',
        }),
        server.users.sales.token,
      ),
    );
    const row = await db
      .selectFrom('leads')
      .select('email')
      .where('id', '=', foreign.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBeNull();
  });

  it('the older skipDuplicates flag still means "skip"', async () => {
    await existing('Mevcut Eski', '5392220041', null);
    const answer = okAnswer<InsertAnswer>(
      await insert(chunk(['name', 'phone'], [['Dosya Eski', '5392220041']], { skipDuplicates: 1 })),
    );
    expect(answer).toMatchObject({ successCount: 0, skipped: 1 });
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from leads where name = 'Dosya Eski'`.execute(db);
    expect(rows[0]?.n).toBe(0);
  });
});
