import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import type { CallResult } from '../../src/shared/contract';
import { okAnswer, startDemoServer, type DemoServer } from './support/demo-server';
import { postForm } from './support/http';

/**
 * A clickShow field (T.C.) stays masked in every answer but its own reveal (docs/user-guide.md#maskeli-alanlar):
 * tried as an attacker would, straight through the API with a valid agent session.
 */
let server: DemoServer;
let db: Kysely<Database>;
let lead: number;
const TC = '56789012346';

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
  const row = await db
    .insertInto('leads')
    .values({
      name: 'Maskeli Müşteri',
      team_id: server.users.sales.team_id,
      agent_id: server.users.sales.id,
      tc: TC,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  lead = row.id;
  await db
    .insertInto('lead_journal')
    .values({
      lead_id: lead,
      agent_id: server.users.sales.id,
      values: JSON.stringify({ tc: { old: null, new: TC } }),
    })
    .execute();
});

afterAll(async () => {
  await server.close();
});

describe('a T.C. number through the API', () => {
  const { form } = {
    form: (path: string, body: Record<string, unknown>) =>
      postForm(server.app, `/api${path}`, body, server.users.sales.token),
  };

  it('comes masked in the list, asked for by column, filter or sort', async () => {
    const response = await form('/table/leads', {
      table: 'leads',
      page: 1,
      limit: 15,
      fields: ['id', 'name', 'tc'],
      filters: [{ name: 'id', type: 1, value: lead }],
    });
    expect(response.body).not.toContain(TC);
    const answer = okAnswer<CallResult<'table'>>(response);
    expect(answer.results[0]?.tc).toBe('56•••••••46');
  });

  it('comes masked in the history and the timeline', async () => {
    const journal = await form(`/journal/leads/${lead}`, {});
    expect(journal.statusCode).toBe(200);
    expect(journal.body).not.toContain(TC);
    const timeline = await form(`/lead/timeline/${lead}`, {});
    expect(timeline.statusCode).toBe(200);
    expect(timeline.body).not.toContain(TC);
  });

  it('comes masked in a report builder list and its HTML', async () => {
    const response = await postForm(
      server.app,
      '/api/reportBuilder',
      {
        table: 'leads',
        reportType: 'list',
        ylistFields: ['name', 'tc'],
        filters: [{ name: 'id', type: 1, value: lead }],
        chartSetting: { type: 'pie', xaxis: 'name' },
        limit: 15,
      },
      server.users.admin.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(TC);
    expect(response.body).toContain('56•••••••46');
  });

  it('is revealed only by its own call, one field of one record', async () => {
    const answer = okAnswer<CallResult<'hidden'>>(await form(`/hidden/leads/${lead}/tc`, {}));
    expect(answer.value).toBe(TC);
  });

  it('names the lead beside its id in a list of notes (a name, not a number)', async () => {
    await db
      .insertInto('lead_notes')
      .values({
        lead_id: lead,
        body: 'Not',
        insert_agent_id: server.users.sales.id,
        agent_name: 'Emre Şahin',
      })
      .execute();
    const answer = okAnswer<CallResult<'table'>>(
      await form('/table/lead_notes', {
        table: 'lead_notes',
        page: 1,
        limit: 15,
        filters: [{ name: 'lead_id', type: 1, value: lead }],
      }),
    );
    expect(answer.results.length).toBeGreaterThan(0);
    expect(answer.lead_names?.[String(lead)]).toBe('Maskeli Müşteri');
  });
});
