import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import { applyAssignmentRules } from '../../src/server/modules/hooks/assignment';
import type { CallResult } from '../../src/shared/contract';
import { format, messages } from '../../src/shared/i18n/messages';
import { failureMessage, okAnswer, startDemoServer, type DemoServer } from './support/demo-server';
import { postForm } from './support/http';

let server: DemoServer;
let db: Kysely<Database>;
let adminToken: string;
let salesToken: string;
/** A team of its own with three active agents and one inactive one. */
let teamId: number;
let agents: number[];
let inactiveAgent: number;

const post = (path: string, body: Record<string, unknown>, token = adminToken) =>
  postForm(server.app, `/api${path}`, body, token);

async function saveHook(body: Record<string, unknown>): Promise<number> {
  return okAnswer<CallResult<'hooksSave'>>(await post('/hooks/save/', body)).id;
}

async function insertLead(inputs: Record<string, unknown>, token = adminToken): Promise<number> {
  const answer = okAnswer<{ success: boolean; id: number }>(
    await post('/inline/save/', { table: 'leads', type: 'insert', inputs }, token),
  );
  return answer.id;
}

async function leadRow(id: number) {
  return db
    .selectFrom('leads')
    .select(['agent_id', 'team_id', 'status_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
  adminToken = server.users.admin.token;
  salesToken = server.users.sales.token;
  const group = await db
    .selectFrom('users')
    .select('user_group_id')
    .where('id', '=', server.users.sales.id)
    .executeTakeFirstOrThrow();
  teamId = (
    await db.insertInto('teams').values({ name: 'Kural Takımı' }).returning('id').executeTakeFirstOrThrow()
  ).id;
  agents = [];
  for (const name of ['Ayşe Kural', 'Çağrı Kural', 'Şule Kural', 'Pasif Kural']) {
    const row = await db
      .insertInto('users')
      .values({
        name,
        email: `${name.split(' ')[0]?.toLowerCase() ?? 'x'}.kural@demo.crm`,
        password_hash: 'x',
        department: 'sales',
        user_group_id: group.user_group_id,
        team_id: teamId,
        active: name.startsWith('Pasif') ? 0 : 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (name.startsWith('Pasif')) inactiveAgent = row.id;
    else agents.push(row.id);
  }
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  await db.deleteFrom('hooks').execute();
  await db.deleteFrom('hook_round_robin').execute();
});

describe('/hooks/save/ and /hooks', () => {
  it('saves condition/action pairs in order and lists them', async () => {
    const first = await saveHook({
      if: 'utm_source',
      if_value: 'google',
      then: 'agent_id',
      then_value: agents[0],
    });
    const second = await saveHook({ if: 'country_id', if_value: '5', then: 'team_id', then_value: teamId });
    const third = await saveHook({
      if: 'utm_source',
      if_value: 'facebook',
      then: 'agent_id',
      then_value: `round_robin:${teamId}`,
    });
    const list = okAnswer<CallResult<'hooks'>>(await post('/hooks', {})).results;
    expect(list.map((hook) => hook.id)).toEqual([first, second, third]);
    expect(list[2]).toMatchObject({
      if: 'utm_source',
      then: 'agent_id',
      then_value: `round_robin:${teamId}`,
    });
  });

  it('refuses what cannot run, in Turkish', async () => {
    const bad = async (body: Record<string, unknown>) =>
      failureMessage(await post('/hooks/save/', body), 400);
    expect(await bad({ if: 'password', if_value: 'x', then: 'agent_id', then_value: agents[0] })).toBe(
      format(messages.hookFieldInvalid, { field: 'password' }),
    );
    expect(
      await bad({ if: 'utm_source', if_value: 'x', then: 'team_id', then_value: `round_robin:${teamId}` }),
    ).toBe(messages.hookRoundRobinOnlyAgent);
    expect(await bad({ if: 'utm_source', if_value: 'x', then: 'agent_id', then_value: inactiveAgent })).toBe(
      messages.hookAgentInvalid,
    );
    expect(await bad({ if: 'utm_source', if_value: '', then: 'agent_id', then_value: agents[0] })).toBe(
      messages.hookValueRequired,
    );
  });

  it('is a manager’s screen: an agent may neither read nor save rules', async () => {
    expect(failureMessage(await post('/hooks', {}, salesToken), 403)).toBe(messages.forbidden);
    expect(
      failureMessage(
        await post(
          '/hooks/save/',
          { if: 'utm_source', if_value: 'a', then: 'team_id', then_value: teamId },
          salesToken,
        ),
        403,
      ),
    ).toBe(messages.forbidden);
  });

  it('removes a rule; a missing one answers 404', async () => {
    const id = await saveHook({ if: 'utm_source', if_value: 'x', then: 'team_id', then_value: teamId });
    okAnswer(await post('/hooks/remove/', { id }));
    expect(failureMessage(await post('/hooks/remove/', { id }), 404)).toBe(messages.hookNotFound);
  });
});

describe('assignment on insert', () => {
  it('assigns a lead inserted inline and journals the assignment', async () => {
    await saveHook({ if: 'utm_source', if_value: 'Google', then: 'agent_id', then_value: agents[1] });
    const id = await insertLead({ name: 'Kural Testi', utm_source: 'google' });
    expect(await leadRow(id)).toMatchObject({ agent_id: agents[1], team_id: teamId });
    const journal = await db.selectFrom('lead_journal').selectAll().where('lead_id', '=', id).execute();
    const entry = journal.find((row) => JSON.stringify(row.values).includes('agent_id'));
    expect(entry?.agent_id).toBe(server.users.admin.id);
    expect(entry?.values).toMatchObject({ agent_id: { new: agents[1] }, team_id: { new: teamId } });
  });

  it('first matching rule wins per field; country → team', async () => {
    const otherTeam = server.users.sales2.team_id;
    await saveHook({ if: 'country_id', if_value: '5', then: 'team_id', then_value: otherTeam });
    await saveHook({ if: 'country_id', if_value: '5', then: 'team_id', then_value: teamId });
    const id = await insertLead({ name: 'Ülke Kuralı', country_id: 5 });
    expect((await leadRow(id)).team_id).toBe(otherTeam);
  });

  it('skips and reports a rule whose agent was deactivated, and the next rule still runs', async () => {
    const hookId = await saveHook({
      if: 'utm_source',
      if_value: 'bing',
      then: 'agent_id',
      then_value: agents[2],
    });
    await saveHook({ if: 'utm_source', if_value: 'bing', then: 'agent_id', then_value: agents[0] });
    await db
      .updateTable('users')
      .set({ active: 0 })
      .where('id', '=', agents[2] ?? 0)
      .execute();
    try {
      const id = await insertLead({ name: 'Pasif Kuralı', utm_source: 'bing' });
      expect((await leadRow(id)).agent_id).toBe(agents[0]);
      const list = okAnswer<CallResult<'hooks'>>(await post('/hooks', {})).results;
      expect(list.find((hook) => hook.id === hookId)).toMatchObject({
        skipped_count: 1,
        last_skip_reason: format(messages.hookSkippedInactiveAgent, { id: agents[2] ?? 0 }),
      });
    } finally {
      await db
        .updateTable('users')
        .set({ active: 1 })
        .where('id', '=', agents[2] ?? 0)
        .execute();
    }
  });

  it('applyAssignmentRules assigns rows an importer inserted, in its transaction', async () => {
    await saveHook({
      if: 'utm_source',
      if_value: 'excel',
      then: 'agent_id',
      then_value: `round_robin:${teamId}`,
    });
    const outcomes = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .insertInto('leads')
        .values([1, 2, 3, 4, 5, 6].map((n) => ({ name: `İçe Aktarım ${n}`, utm_source: 'excel' })))
        .returning('id')
        .execute();
      return applyAssignmentRules(
        trx,
        rows.map((row) => row.id),
        { actorId: server.users.admin.id },
      );
    });
    const given = outcomes.map((outcome) => outcome.changes.agent_id);
    expect(given).toEqual([agents[0], agents[1], agents[2], agents[0], agents[1], agents[2]]);
  });
});

describe('round robin', () => {
  it('spreads 1,000 leads, inserted 20 at a time, evenly over the team’s active agents (±1)', async () => {
    await saveHook({
      if: 'utm_source',
      if_value: 'kampanya',
      then: 'agent_id',
      then_value: `round_robin:${teamId}`,
    });
    const ids: number[] = [];
    for (let wave = 0; wave < 50; wave += 1) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          insertLead({ name: `Sıra ${wave}-${n}`, utm_source: 'kampanya' }),
        ),
      );
      ids.push(...batch);
    }
    expect(new Set(ids).size).toBe(1000);
    const counts = await db
      .selectFrom('leads')
      .select(['agent_id', (eb) => eb.fn.countAll<string>().as('count')])
      .where('id', 'in', ids)
      .groupBy('agent_id')
      .execute();
    const byAgent = new Map(counts.map((row) => [row.agent_id, Number(row.count)]));
    expect([...byAgent.keys()].sort()).toEqual([...agents].sort());
    const values = [...byAgent.values()];
    expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(1);
    expect(values.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(byAgent.has(inactiveAgent)).toBe(false);
  }, 300_000);
});
