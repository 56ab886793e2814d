import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import type { CallResult } from '../../src/shared/contract';
import { format, messages } from '../../src/shared/i18n/messages';
import { moneyMessages } from '../../src/shared/i18n/money-messages';
import {
  DEMO_PASSWORD,
  failureMessage,
  okAnswer,
  startDemoServer,
  type DemoServer,
} from './support/demo-server';
import { login, postForm, postJson } from './support/http';

let server: DemoServer;
let db: Kysely<Database>;
let admin: string;
let sales: string;
/** A lead of the sales agent's team and one of another team. */
let ownLead: number;
let foreignLead: number;

const form = (path: string, body: Record<string, unknown>, token = admin) =>
  postForm(server.app, `/api${path}`, body, token);
const json = (path: string, body: unknown, token = admin) => postJson(server.app, `/api${path}`, body, token);

async function leadOfTeam(teamId: number, values: Partial<{ name: string; status_id: number }> = {}) {
  const row = await db
    .insertInto('leads')
    .values({ name: values.name ?? 'İş Testi', team_id: teamId, status_id: values.status_id ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
  admin = server.users.admin.token;
  sales = server.users.sales.token;
  ownLead = await leadOfTeam(server.users.sales.team_id, { name: 'Çağla Öğüt' });
  foreignLead = await leadOfTeam(server.users.sales2.team_id);
});

afterAll(async () => {
  await server.close();
});

describe('offers (/bids)', () => {
  const template = {
    name: 'Yatırım Teklifi',
    questions: [
      { text: 'İsim Soyisim', type: 'db', field: { id: 0, name: 'name' }, answers: [] },
      {
        text: 'Paket',
        type: 'cat',
        answers: [
          { text: 'Altın', priceCalc: true, priceVal: '1250,50' },
          { text: 'Bilgi', priceCalc: false, priceVal: '999' },
        ],
      },
      { text: 'Kurulum', type: 'cat', answers: [{ text: 'Özel', priceCalc: true, priceVal: '0.10' }] },
    ],
  };
  let templateId: number;

  it('a manager saves a template; db fields get their registry id, prices are stored exactly', async () => {
    templateId = okAnswer<CallResult<'bidsSave'>>(await json('/bids/save/', template)).id;
    const saved = okAnswer<CallResult<'bid'>>(await form(`/bids/${templateId}`, {})).result;
    expect(saved.questions[0]?.field?.name).toBe('name');
    expect(saved.questions[0]?.field?.id).toBeGreaterThan(0);
    expect(saved.questions[1]?.answers.map((a) => a.priceVal)).toEqual(['1250.50', '999.00']);
  });

  it('refuses a bad template in Turkish, and an agent may not build one', async () => {
    const bad = {
      ...template,
      questions: [{ text: 'Paket', type: 'cat', answers: [{ text: 'A', priceVal: '-5' }] }],
    };
    expect(failureMessage(await json('/bids/save/', bad), 400)).toBe(
      format(moneyMessages.negative, { field: 'Fiyat (Paket)' }),
    );
    const noField = {
      ...template,
      questions: [{ text: 'Ad', type: 'db', field: { id: 0, name: 'password' } }],
    };
    expect(failureMessage(await json('/bids/save/', noField), 400)).toBe(
      format(messages.bidFieldInvalid, { question: 'Ad' }),
    );
    expect(failureMessage(await json('/bids/save/', template, sales), 403)).toBe(messages.forbidden);
  });

  it('the preview fills db questions from the lead; bidSet stores the answers and the exact total', async () => {
    const before = okAnswer<CallResult<'bidPreview'>>(
      await form(`/bids/${ownLead}/${templateId}`, {}, sales),
    ).result;
    expect(before.answers[0]).toMatchObject({ question: 'İsim Soyisim', value: 'Çağla Öğüt' });
    expect(before.total).toBe('0.00');
    expect(before.saved).toBeNull();

    const saved = okAnswer<CallResult<'bidSet'>>(
      await json(
        `/bidSet/${ownLead}`,
        { template_id: templateId, values: ['Çağla Öğüt Şen', 'Altın', 'Özel'] },
        sales,
      ),
    );
    expect(saved.total).toBe('1250.60');
    const after = okAnswer<CallResult<'bidPreview'>>(
      await form(`/bids/${ownLead}/${templateId}`, {}, sales),
    ).result;
    expect(after.answers.map((a) => [a.value, a.price])).toEqual([
      ['Çağla Öğüt Şen', '0.00'],
      ['Altın', '1250.50'],
      ['Özel', '0.10'],
    ]);
    expect(after.total).toBe('1250.60');
    expect(after.saved?.agent_name).toBe('Emre Şahin');
    const stored = await db
      .selectFrom('bid_answers')
      .select('total')
      .where('id', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect(stored.total).toBe('1250.60');
    // The lead's history names the offer.
    const journal = await db
      .selectFrom('lead_journal')
      .select('values')
      .where('lead_id', '=', ownLead)
      .execute();
    expect(JSON.stringify(journal.map((row) => row.values))).toContain('Yatırım Teklifi: 1250.60');
  });

  it('an answer that is not one of the question’s answers is refused', async () => {
    expect(
      failureMessage(
        await json(`/bidSet/${ownLead}`, { template_id: templateId, values: ['x', 'Platin', ''] }, sales),
        400,
      ),
    ).toBe(format(messages.bidAnswerInvalid, { question: 'Paket' }));
  });

  it('a lead outside the agent’s scope answers the same 404 as a missing one', async () => {
    const foreign = failureMessage(await form(`/bids/${foreignLead}/${templateId}`, {}, sales), 404);
    const missing = failureMessage(await form(`/bids/99999999/${templateId}`, {}, sales), 404);
    expect(foreign).toBe(messages.recordNotFound);
    expect(missing).toBe(messages.recordNotFound);
    expect(
      failureMessage(
        await json(`/bidSet/${foreignLead}`, { template_id: templateId, values: ['', '', ''] }, sales),
        404,
      ),
    ).toBe(messages.recordNotFound);
  });
});

describe('call periods (/callperiods/)', () => {
  it('lists due leads of the user’s scope, most overdue first, with days elapsed', async () => {
    const status = await db
      .selectFrom('lead_statuses')
      .select(['id', 'call_period_days'])
      .where('label', '=', 'Tekrar Aranacak')
      .executeTakeFirstOrThrow();
    expect(status.call_period_days).toBe(2);
    const older = await leadOfTeam(server.users.sales.team_id, {
      name: 'Gecikmiş Uzun',
      status_id: status.id,
    });
    const newer = await leadOfTeam(server.users.sales.team_id, {
      name: 'Gecikmiş Kısa',
      status_id: status.id,
    });
    const notDue = await leadOfTeam(server.users.sales.team_id, {
      name: 'Henüz Değil',
      status_id: status.id,
    });
    const other = await leadOfTeam(server.users.sales2.team_id, {
      name: 'Başka Takım',
      status_id: status.id,
    });
    await db
      .updateTable('leads')
      .set({ last_activity: '2026-01-01 09:00:00' })
      .where('id', 'in', [older, other])
      .execute();
    await db
      .updateTable('leads')
      .set({ last_activity: '2026-01-05 09:00:00' })
      .where('id', '=', newer)
      .execute();
    await db
      .updateTable('leads')
      .set({ last_activity: new Date().toISOString().slice(0, 19).replace('T', ' ') })
      .where('id', '=', notDue)
      .execute();

    const answer = okAnswer<CallResult<'callPeriods'>>(
      await form('/callperiods/', { filters: { status_id: status.id } }, sales),
    );
    const ids = answer.results.map((row) => row.lead_id);
    expect(ids).toContain(older);
    expect(ids).toContain(newer);
    expect(ids).not.toContain(notDue);
    expect(ids).not.toContain(other);
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer));
    const row = answer.results.find((r) => r.lead_id === older);
    expect(row).toMatchObject({
      name: 'Gecikmiş Uzun',
      status: 'Tekrar Aranacak',
      datetime: '2026-01-03 09:00:00',
    });
    expect(row?.days_elapsed).toBeGreaterThan(0);
    for (let i = 1; i < answer.results.length; i += 1) {
      expect((answer.results[i - 1]?.datetime ?? '') <= (answer.results[i]?.datetime ?? '')).toBe(true);
    }
    // The admin sees the other team's lead too.
    const all = okAnswer<CallResult<'callPeriods'>>(
      await form('/callperiods/', { filters: { status_id: status.id } }),
    );
    expect(all.results.map((r) => r.lead_id)).toContain(other);
  });

  it('is refused to a department without the screen', async () => {
    const finance = await login(server.app, 'finance@demo.crm', DEMO_PASSWORD);
    expect(failureMessage(await form('/callperiods/', {}, finance), 403)).toBe(messages.forbidden);
  });
});

describe('tasks page calls', () => {
  it('a manager manages templates; an agent may not', async () => {
    const id = okAnswer<CallResult<'taskTemplateSave'>>(
      await json('/task/templates/save', {
        name: 'Şablon Ş',
        tasks: [{ title: 'Ara', subtasks: [{ title: 'Not al' }] }],
      }),
    ).id;
    const list = okAnswer<CallResult<'taskTemplates'>>(await form('/task/templates', {})).results;
    expect(list.find((t) => t.id === id)?.tasks).toEqual([{ title: 'Ara', subtasks: [{ title: 'Not al' }] }]);
    expect(
      failureMessage(await json('/task/templates/save', { name: 'x', tasks: [{ title: 'y' }] }, sales), 404),
    ).toBe(messages.tableNotFound);
    expect(failureMessage(await json('/task/templates/save', { name: 'x', tasks: [] }), 400)).toBe(
      messages.taskTemplateTasksRequired,
    );
    okAnswer(await form('/task/templates/remove', { id }));
    expect(failureMessage(await form('/task/templates/remove', { id }), 404)).toBe(
      messages.taskTemplateNotFound,
    );
  });

  it('filters by agent and due date for managers only', async () => {
    const add = async (title: string, due: string) =>
      okAnswer<CallResult<'taskAdd'>>(
        await form('/task/add', { inputs: { title, parent_id: 0, lead_id: ownLead, due_date: due } }, sales),
      ).id;
    const early = await add('Erken görev', '2026-03-01');
    const late = await add('Geç görev', '2026-04-15');
    const filtered = okAnswer<CallResult<'tasks'>>(
      await form('/tasks', {
        parent_id: 0,
        agent_id: server.users.sales.id,
        due_from: '2026-04-01',
        due_to: '2026-04-30',
      }),
    ).results.map((task) => task.id);
    expect(filtered).toContain(late);
    expect(filtered).not.toContain(early);
    expect(
      failureMessage(await form('/tasks', { parent_id: 0, agent_id: server.users.admin.id }, sales), 403),
    ).toBe(messages.taskAgentFilterManagersOnly);
    expect(
      failureMessage(
        await form('/task/add', { inputs: { title: 'x', parent_id: 0, due_date: '2026-13-45' } }, sales),
        400,
      ),
    ).toBe(messages.taskDueDateInvalid);
  });
});

describe('survey builder list', () => {
  it('lists surveys for managers and refuses agents', async () => {
    okAnswer(
      await form('/questions/save/', {
        name: 'Anket Ç',
        data: [{ text: 'Memnun musunuz?', type: 'Evet/Hayır' }],
      }),
    );
    const list = okAnswer<CallResult<'surveyList'>>(await form('/quizbuilder/surveys', {})).results;
    expect(list.find((s) => s.name === 'Anket Ç')?.data[0]?.answers).toEqual(['evet', 'hayır']);
    expect(failureMessage(await form('/quizbuilder/surveys', {}, sales), 403)).toBe(messages.forbidden);
  });
});
