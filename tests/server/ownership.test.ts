import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import type { CallResult } from '../../src/shared/contract';
import { workflowMessages } from '../../src/shared/i18n/workflow-messages';
import {
  DEMO_PASSWORD,
  failureMessage,
  okAnswer,
  startDemoServer,
  type DemoServer,
} from './support/demo-server';
import { login, postForm, postJson } from './support/http';

/**
 * Ownership follows the agent on every path that writes a lead's agent_id, in the same write and with
 * both fields in the journal; new leads get the default status (docs/workflows.md#ownership-and-assignment).
 */

let server: DemoServer;
let db: Kysely<Database>;
let managerToken: string;
let managementTeam: number;
let yeni: number;

const api = (path: string, body: Record<string, unknown>, token = managerToken) =>
  postForm(server.app, `/api${path}`, body, token);

/** A fresh lead owned by the manager, in the management team ("Yönetim"), as an import used to leave it. */
async function managersLead(name: string): Promise<number> {
  const manager = await db
    .selectFrom('users')
    .select(['id', 'team_id'])
    .where('email', '=', 'sales_manager@demo.crm')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('leads')
    .values({ name, agent_id: manager.id, team_id: manager.team_id, phone: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function owner(id: number): Promise<{ agent_id: number | null; team_id: number | null }> {
  return db
    .selectFrom('leads')
    .select(['agent_id', 'team_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** The fields of the lead's newest journal entry, with old and new values. */
async function lastJournal(id: number): Promise<Record<string, { old: unknown; new: unknown }>> {
  const row = await db
    .selectFrom('lead_journal')
    .select('values')
    .where('lead_id', '=', id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return (typeof row.values === 'string' ? JSON.parse(row.values) : row.values) as Record<
    string,
    { old: unknown; new: unknown }
  >;
}

/** The agent sees the lead: its list's restriction (team_id = own team) lets the row through. */
async function agentSees(id: number, token: string): Promise<boolean> {
  const response = await api(`/row/leads/${id}`, {}, token);
  return response.statusCode === 200;
}

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
  managerToken = await login(server.app, 'sales_manager@demo.crm', DEMO_PASSWORD);
  const team = await db
    .selectFrom('teams')
    .select('id')
    .where('name', '=', 'Yönetim')
    .executeTakeFirstOrThrow();
  managementTeam = team.id;
  const status = await db
    .selectFrom('lead_statuses')
    .select('id')
    .where('is_default', '=', 1)
    .executeTakeFirstOrThrow();
  yeni = status.id;
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('ownership follows the agent', () => {
  it('the demo marks "Yeni" as the status of new leads', async () => {
    const row = await db
      .selectFrom('lead_statuses')
      .select('label')
      .where('id', '=', yeni)
      .executeTakeFirst();
    expect(row?.label).toBe('Yeni');
  });

  it('detail save: the agent brings their team, the journal shows both, the agent opens the lead', async () => {
    const id = await managersLead('Sahip Detay');
    expect(await agentSees(id, server.users.sales.token)).toBe(false);
    okAnswer(await api('/detail/save/', { table: 'leads', id, inputs: { agent_id: server.users.sales.id } }));
    expect(await owner(id)).toEqual({ agent_id: server.users.sales.id, team_id: server.users.sales.team_id });
    const journal = await lastJournal(id);
    expect(journal.agent_id?.new).toBe(server.users.sales.id);
    expect(journal.team_id).toEqual({ old: managementTeam, new: server.users.sales.team_id });
    expect(await agentSees(id, server.users.sales.token)).toBe(true);
  });

  it('inline save of the agent cell does the same', async () => {
    const id = await managersLead('Sahip Satır');
    okAnswer(
      await api('/inline/save/', {
        table: 'leads',
        keyName: 'id',
        keyValue: String(id),
        fieldName: 'agent_id',
        fieldValue: String(server.users.sales2.id),
      }),
    );
    expect(await owner(id)).toEqual({
      agent_id: server.users.sales2.id,
      team_id: server.users.sales2.team_id,
    });
    expect(Object.keys(await lastJournal(id)).sort()).toEqual(['agent_id', 'team_id']);
  });

  it("bulk save (Düzenle, and the call-period hand-over) moves every lead to the agent's team", async () => {
    const ids = [await managersLead('Sahip Toplu 1'), await managersLead('Sahip Toplu 2')];
    const answer = okAnswer<CallResult<'bulkSave'>>(
      await api('/bulk/save/', {
        ids,
        table: 'leads',
        fieldName: 'agent_id',
        fieldValue: String(server.users.sales.id),
      }),
    );
    expect(answer.count).toBe(2);
    for (const id of ids) {
      expect(await owner(id)).toEqual({
        agent_id: server.users.sales.id,
        team_id: server.users.sales.team_id,
      });
      expect((await lastJournal(id)).team_id?.new).toBe(server.users.sales.team_id);
      expect(await agentSees(id, server.users.sales.token)).toBe(true);
    }
  });

  it('re-saving the same agent leaves the team alone (a form sends every field)', async () => {
    const id = await managersLead('Sahip Aynı');
    // An older lead whose team was moved by hand: the agent stays, so does that team.
    await db
      .updateTable('leads')
      .set({ agent_id: server.users.sales.id, team_id: managementTeam })
      .where('id', '=', id)
      .execute();
    okAnswer(
      await api('/detail/save/', {
        table: 'leads',
        id,
        inputs: { agent_id: server.users.sales.id, city: 'Bursa' },
      }),
    );
    expect(await owner(id)).toEqual({ agent_id: server.users.sales.id, team_id: managementTeam });
  });

  it('an agent hands a lead to a colleague of their team; another team stays refused', async () => {
    const colleague = await db
      .selectFrom('users')
      .select('id')
      .where('team_id', '=', server.users.sales.team_id)
      .where('id', '<>', server.users.sales.id)
      .where('active', '=', 1)
      .executeTakeFirstOrThrow();
    const lead = await db
      .selectFrom('leads')
      .select('id')
      .where('team_id', '=', server.users.sales.team_id)
      .where('is_customer', '=', 0)
      .executeTakeFirstOrThrow();
    okAnswer(
      await api(
        '/detail/save/',
        { table: 'leads', id: lead.id, inputs: { agent_id: colleague.id } },
        server.users.sales.token,
      ),
    );
    expect(await owner(lead.id)).toEqual({ agent_id: colleague.id, team_id: server.users.sales.team_id });
    failureMessage(
      await api(
        '/detail/save/',
        { table: 'leads', id: lead.id, inputs: { agent_id: server.users.sales2.id } },
        server.users.sales.token,
      ),
      400,
    );
    expect((await owner(lead.id)).team_id).toBe(server.users.sales.team_id);
  });

  it('a new lead from the form: the chosen agent brings the team; no status given, the default', async () => {
    const answer = okAnswer<{ success: boolean; id: number }>(
      await api('/inline/save/', {
        table: 'leads',
        type: 'insert',
        inputs: { name: 'Sahip Yeni Form', agent_id: server.users.sales2.id },
      }),
    );
    const row = await db
      .selectFrom('leads')
      .select(['agent_id', 'team_id', 'status_id'])
      .where('id', '=', answer.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      agent_id: server.users.sales2.id,
      team_id: server.users.sales2.team_id,
      status_id: yeni,
    });
  });

  it('a status given in the form is kept', async () => {
    const other = await db
      .selectFrom('lead_statuses')
      .select('id')
      .where('is_default', '=', 0)
      .executeTakeFirstOrThrow();
    const answer = okAnswer<{ id: number }>(
      await api('/inline/save/', {
        table: 'leads',
        type: 'insert',
        inputs: { name: 'Sahip Durumlu', status_id: other.id },
      }),
    );
    const row = await db
      .selectFrom('leads')
      .select('status_id')
      .where('id', '=', answer.id)
      .executeTakeFirstOrThrow();
    expect(row.status_id).toBe(other.id);
  });

  it("an imported row naming an agent lands in that agent's team, with the default status", async () => {
    const answer = okAnswer<CallResult<'bulkInsert'>>(
      await postJson(
        server.app,
        '/api/bulk/insert/',
        {
          table: 'leads',
          excelId: 'sahip_ithalat_00000000001',
          fileName: 'sahip.xlsx',
          chunk: 0,
          chunks: 1,
          total: 1,
          inputs: {
            columns: ['name', 'phone', 'agent_id'],
            data: [['Sahip İthal', '5390001122', String(server.users.sales2.id)]],
          },
        },
        server.users.admin.token,
      ),
    );
    expect(answer.successCount).toBe(1);
    const row = await db
      .selectFrom('leads')
      .select(['id', 'agent_id', 'team_id', 'status_id'])
      .where('name', '=', 'Sahip İthal')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      agent_id: server.users.sales2.id,
      team_id: server.users.sales2.team_id,
      status_id: yeni,
    });
    expect(await agentSees(row.id, server.users.sales2.token)).toBe(true);
  });

  it("assignment rules hand a new lead to an agent with the agent's team", async () => {
    const hook = await db
      .insertInto('hooks')
      .values({
        if_field: 'utm_source',
        if_value: 'sahip-kural',
        then_field: 'agent_id',
        then_value: String(server.users.sales2.id),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const answer = okAnswer<{ id: number }>(
        await api('/inline/save/', {
          table: 'leads',
          type: 'insert',
          inputs: { name: 'Sahip Kural', utm_source: 'sahip-kural' },
        }),
      );
      expect(await owner(answer.id)).toEqual({
        agent_id: server.users.sales2.id,
        team_id: server.users.sales2.team_id,
      });
      const journal = await lastJournal(answer.id);
      expect(journal.team_id?.new).toBe(server.users.sales2.team_id);
    } finally {
      await db.deleteFrom('hooks').where('id', '=', hook.id).execute();
    }
  });
});

describe('the default status is an admin setting', () => {
  it('marking another status takes the mark from "Yeni"; new leads get it; two at once are refused', async () => {
    const statuses = await db
      .selectFrom('lead_statuses')
      .select('id')
      .where('is_default', '=', 0)
      .orderBy('id')
      .limit(2)
      .execute();
    const [first, second] = statuses.map((row) => row.id) as [number, number];
    try {
      okAnswer(
        await api(
          '/detail/save/',
          { table: 'lead_statuses', id: first, inputs: { is_default: 1 } },
          server.users.admin.token,
        ),
      );
      const marked = await db.selectFrom('lead_statuses').select('id').where('is_default', '=', 1).execute();
      expect(marked.map((row) => row.id)).toEqual([first]);
      const answer = okAnswer<{ id: number }>(
        await api('/inline/save/', { table: 'leads', type: 'insert', inputs: { name: 'Sahip Varsayılan' } }),
      );
      const row = await db
        .selectFrom('leads')
        .select('status_id')
        .where('id', '=', answer.id)
        .executeTakeFirstOrThrow();
      expect(row.status_id).toBe(first);
      expect(
        failureMessage(
          await api(
            '/bulk/save/',
            { ids: [first, second], table: 'lead_statuses', fieldName: 'is_default', fieldValue: '1' },
            server.users.admin.token,
          ),
          400,
        ),
      ).toBe(workflowMessages.defaultStatusOnlyOne);
    } finally {
      okAnswer(
        await api(
          '/detail/save/',
          { table: 'lead_statuses', id: yeni, inputs: { is_default: 1 } },
          server.users.admin.token,
        ),
      );
    }
    const marked = await db.selectFrom('lead_statuses').select('id').where('is_default', '=', 1).execute();
    expect(marked.map((row) => row.id)).toEqual([yeni]);
  });
});
