import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import { TASK_TEMPLATES } from '../../src/server/seed/lead-detail-data';
import type { CallResult, Task } from '../../src/shared/contract';
import { format, messages } from '../../src/shared/i18n/messages';
import { failureMessage, okAnswer, startDemoServer, type DemoServer } from './support/demo-server';
import { postForm, postJson } from './support/http';

let server: DemoServer;
let db: Kysely<Database>;
let salesToken: string;
let sales2Token: string;
let adminToken: string;
/** A lead of the sales agent's team and one of sales2's team. */
let ownLead: number;
let foreignLead: number;

const post = (path: string, body: Record<string, unknown>, token: string) =>
  postForm(server.app, `/api${path}`, body, token);

async function addTask(inputs: Record<string, unknown>, token = salesToken): Promise<number> {
  return okAnswer<CallResult<'taskAdd'>>(await post('/task/add', { inputs }, token)).id;
}

async function listTasks(body: Record<string, unknown>, token = salesToken): Promise<Task[]> {
  return okAnswer<CallResult<'tasks'>>(await post('/tasks', body, token)).results;
}

async function leadOfTeam(teamId: number): Promise<number> {
  const row = await db
    .insertInto('leads')
    .values({ name: 'Görev Testi', team_id: teamId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
  salesToken = server.users.sales.token;
  sales2Token = server.users.sales2.token;
  adminToken = server.users.admin.token;
  ownLead = await leadOfTeam(server.users.sales.team_id);
  foreignLead = await leadOfTeam(server.users.sales2.team_id);
});

afterAll(async () => {
  await server.close();
});

describe('tasks of a lead', () => {
  it('adds a task with a subtask and lists them with agents and subtask counts', async () => {
    const id = await addTask({
      title: 'Müşteriyi ara',
      parent_id: 0,
      lead_id: ownLead,
      description: 'Sabah',
    });
    const subId = await addTask({ title: 'Kimlik iste', parent_id: id });

    const top = okAnswer<CallResult<'leadTasks'>>(
      await post(`/tasks/leads/${ownLead}`, { parent_id: 0 }, salesToken),
    ).results;
    const task = top.find((t) => t.id === id);
    expect(task).toMatchObject({
      title: 'Müşteriyi ara',
      description: 'Sabah',
      status: 0,
      parent_id: 0,
      lead_id: ownLead,
      complete_date: null,
      subtasks: 1,
      created_by: server.users.sales.id,
    });
    // Nobody named: the creator is assigned.
    expect(task?.agents).toEqual([{ label: 'Emre Şahin', value: server.users.sales.id }]);

    const subs = await listTasks({ parent_id: id, lead_id: ownLead });
    expect(subs.map((t) => [t.id, t.parent_id, t.lead_id])).toEqual([[subId, id, ownLead]]);
  });

  it('ticks and unticks: complete_date is set, kept on a second tick, and cleared', async () => {
    const id = await addTask({ title: 'Belge kontrolü', lead_id: ownLead });
    const done = okAnswer<CallResult<'taskStatus'>>(
      await post('/task/status', { id, status: 1 }, salesToken),
    );
    expect(done.success).toBe(true);
    expect(done.complete_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await db
      .updateTable('tasks')
      .set({ complete_date: '2024-01-02 03:04:05' })
      .where('id', '=', id)
      .execute();
    const again = okAnswer<CallResult<'taskStatus'>>(
      await post('/task/status', { id, status: '1' }, salesToken),
    );
    expect(again.complete_date).toBe('2024-01-02 03:04:05');
    const open = okAnswer<CallResult<'taskStatus'>>(
      await post('/task/status', { id, status: 0 }, salesToken),
    );
    expect(open.complete_date).toBeNull();
    const row = await db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([row.status, row.complete_date]).toEqual([0, null]);

    expect(failureMessage(await post('/task/status', { id, status: 2 }, salesToken), 400)).toBe(
      messages.taskStatusInvalid,
    );
  });

  it('lists by status for the tasks page tabs', async () => {
    const open = await addTask({ title: 'Açık görev', lead_id: ownLead });
    const closed = await addTask({ title: 'Kapalı görev', lead_id: ownLead });
    await post('/task/status', { id: closed, status: 1 }, salesToken);
    const openIds = (await listTasks({ status: 0 })).map((t) => t.id);
    const doneIds = (await listTasks({ status: 1 })).map((t) => t.id);
    expect(openIds).toContain(open);
    expect(openIds).not.toContain(closed);
    expect(doneIds).toContain(closed);
    expect(doneIds).not.toContain(open);
  });

  it('saves title, description and the full agent list', async () => {
    const id = await addTask({ title: 'Eski başlık', lead_id: ownLead });
    const teammate = await db
      .selectFrom('users')
      .select('id')
      .where('team_id', '=', server.users.sales.team_id)
      .where('id', '<>', server.users.sales.id)
      .where('active', '=', 1)
      .executeTakeFirstOrThrow();
    const saved = await post(
      '/task/save',
      { info: { id, title: 'Yeni başlık', description: '' }, agents: [server.users.sales.id, teammate.id] },
      salesToken,
    );
    expect(okAnswer<CallResult<'taskSave'>>(saved).success).toBe(true);
    const [task] = (await listTasks({ lead_id: ownLead })).filter((t) => t.id === id);
    expect(task?.title).toBe('Yeni başlık');
    expect(task?.description).toBeNull();
    expect(task?.agents.map((a) => a.value).sort()).toEqual([server.users.sales.id, teammate.id].sort());

    // Another team's agent is refused; one a manager already put on the task stays on a later save.
    const foreign = await post(
      '/task/save',
      { info: { id, title: 'x' }, agents: [server.users.sales2.id] },
      salesToken,
    );
    expect(failureMessage(foreign, 400)).toBe(messages.assigneeNotInTeam);
    const byManager = await post(
      '/task/save',
      { info: { id, title: 'y' }, agents: [server.users.sales2.id] },
      adminToken,
    );
    expect(okAnswer<CallResult<'taskSave'>>(byManager).success).toBe(true);
    const kept = await post(
      '/task/save',
      { info: { id, title: 'z' }, agents: [server.users.sales2.id, server.users.sales.id] },
      salesToken,
    );
    expect(okAnswer<CallResult<'taskSave'>>(kept).success).toBe(true);

    const bad = await post('/task/save', { info: { id, title: 'x' }, agents: [999999] }, salesToken);
    expect(failureMessage(bad, 400)).toBe(format(messages.invalidAgent, { id: 999999 }));
  });

  it('removes a task with its subtasks', async () => {
    const id = await addTask({ title: 'Silinecek', lead_id: ownLead });
    const sub = await addTask({ title: 'Alt', parent_id: id });
    expect(okAnswer<CallResult<'taskRemove'>>(await post('/task/remove', { id }, salesToken)).success).toBe(
      true,
    );
    const left = await db.selectFrom('tasks').select('id').where('id', 'in', [id, sub]).execute();
    expect(left).toEqual([]);
  });

  it('answers 404 for a lead (and its tasks) outside the user’s team', async () => {
    const foreignTask = await addTask({ title: 'Ankara görevi', lead_id: foreignLead }, sales2Token);
    expect(failureMessage(await post(`/tasks/leads/${foreignLead}`, {}, salesToken), 404)).toBe(
      messages.recordNotFound,
    );
    expect(failureMessage(await post('/tasks', { lead_id: foreignLead }, salesToken), 404)).toBe(
      messages.recordNotFound,
    );
    expect(
      failureMessage(
        await post('/task/add', { inputs: { title: 'x', lead_id: foreignLead } }, salesToken),
        404,
      ),
    ).toBe(messages.recordNotFound);
    for (const [path, body] of [
      ['/task/status', { id: foreignTask, status: 1 }],
      ['/task/remove', { id: foreignTask }],
      ['/task/save', { info: { id: foreignTask, title: 'x' } }],
      ['/task/add', { inputs: { title: 'x', parent_id: foreignTask } }],
    ] as const) {
      expect(failureMessage(await post(path, body, salesToken), 404)).toBe(messages.recordNotFound);
    }
    // Even when assigned, a task of a lead outside the scope stays out of the user's list.
    await db
      .insertInto('task_agents')
      .values({ task_id: foreignTask, user_id: server.users.sales.id })
      .execute();
    expect((await listTasks({})).map((t) => t.id)).not.toContain(foreignTask);
    // The admin sees every lead, so the lead's tasks too.
    const adminView = await listTasks({ lead_id: foreignLead }, adminToken);
    expect(adminView.map((t) => t.id)).toContain(foreignTask);
  });

  it('answers 404 for /tasks/{table}/{id} of a table that is not about leads', async () => {
    expect(failureMessage(await post(`/tasks/users/${server.users.sales.id}`, {}, adminToken), 404)).toBe(
      messages.recordNotFound,
    );
  });
});

describe('tasks without a lead', () => {
  it('are visible to their creator and assigned agents only', async () => {
    // A manager's task for two teams (an agent may assign only their own team).
    const id = await addTask(
      { title: 'Haftalık rapor', agents: [server.users.sales.id, server.users.sales2.id] },
      adminToken,
    );
    const privateTask = await addTask({ title: 'Kişisel not' });
    expect((await listTasks({})).map((t) => t.id)).toEqual(expect.arrayContaining([id, privateTask]));
    const ofSales2 = (await listTasks({}, sales2Token)).map((t) => t.id);
    expect(ofSales2).toContain(id);
    expect(ofSales2).not.toContain(privateTask);
    expect((await listTasks({}, adminToken)).map((t) => t.id)).not.toContain(privateTask);

    // The assigned agent may tick it, someone else may not even see it.
    expect((await post('/task/status', { id, status: 1 }, sales2Token)).statusCode).toBe(200);
    expect(failureMessage(await post('/task/status', { id: privateTask, status: 1 }, sales2Token), 404)).toBe(
      messages.recordNotFound,
    );
    expect(failureMessage(await post('/tasks', { parent_id: privateTask }, adminToken), 404)).toBe(
      messages.recordNotFound,
    );
  });

  it('keeps subtasks one level deep', async () => {
    const id = await addTask({ title: 'Üst' });
    const sub = await addTask({ title: 'Alt', parent_id: id });
    expect(
      failureMessage(
        await post('/task/add', { inputs: { title: 'Alt alt', parent_id: sub } }, salesToken),
        400,
      ),
    ).toBe(messages.taskNestedSubtask);
  });
});

describe('bad input', () => {
  it('refuses a missing title and unknown ids in Turkish', async () => {
    expect(failureMessage(await post('/task/add', { inputs: { title: '  ' } }, salesToken), 400)).toBe(
      messages.taskTitleRequired,
    );
    expect(failureMessage(await post('/task/add', {}, salesToken), 400)).toMatch(/inputs/);
    expect(failureMessage(await post('/task/status', { id: 'abc', status: 1 }, salesToken), 400)).toMatch(
      /id/,
    );
    expect(failureMessage(await post('/task/remove', { id: 2_000_000_000 }, salesToken), 404)).toBe(
      messages.recordNotFound,
    );
    const numeric = await postJson(server.app, '/api/task/add', { inputs: { title: 5 } }, salesToken);
    expect(failureMessage(numeric, 400)).toBe(messages.taskTitleRequired);
  });

  it('needs a session', async () => {
    expect((await postForm(server.app, '/api/tasks', {})).statusCode).toBe(401);
  });
});

describe('task templates', () => {
  it('lists the seeded Turkish templates and applies one to a lead', async () => {
    const templates = okAnswer<CallResult<'taskTemplates'>>(
      await post('/task/templates', {}, salesToken),
    ).results;
    expect(templates.map((t) => t.name).sort()).toEqual(TASK_TEMPLATES.map((t) => t.name).sort());
    const welcome = templates.find((t) => t.name === 'Yeni Müşteri Karşılama');
    expect(welcome?.tasks.length).toBe(3);

    const lead = await leadOfTeam(server.users.sales.team_id);
    const applied = okAnswer<CallResult<'taskTemplateApply'>>(
      await post('/task/templates/apply', { template_id: welcome?.id, lead_id: lead }, salesToken),
    );
    expect(applied.ids).toHaveLength(3);
    const top = await listTasks({ lead_id: lead });
    expect(top.map((t) => t.title).sort()).toEqual(welcome?.tasks.map((t) => t.title).sort());
    const withSubs = top.find((t) => t.title === 'Hesap açılış belgelerini topla');
    expect(withSubs?.subtasks).toBe(2);

    expect(
      failureMessage(
        await post('/task/templates/apply', { template_id: 99999, lead_id: lead }, salesToken),
        404,
      ),
    ).toBe(messages.taskTemplateNotFound);
    expect(
      failureMessage(
        await post('/task/templates/apply', { template_id: welcome?.id, lead_id: foreignLead }, salesToken),
        404,
      ),
    ).toBe(messages.recordNotFound);
  });
});
