import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { specAnswer, specRefusal, startSpecServer, type SpecServer } from './support/spec-server';

/** docs/requirements.md#calls: the lead detail's calls, tasks, surveys, offers, hooks, calls, files, e-mail, call periods. */

let server: SpecServer;
/** A lead of the sales user's team with an e-mail and a phone of 10 digits. */
let lead: { id: number; phone: string };

beforeAll(async () => {
  server = await startSpecServer();
  const found = await server.db
    .selectFrom('leads')
    .select(['id', 'phone'])
    .where('team_id', '=', server.users.sales.team_id)
    .where('email', 'is not', null)
    .where('phone', 'is not', null)
    .where('is_customer', '=', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  lead = { id: found.id, phone: String(found.phone) };
});
afterAll(async () => {
  await server.close();
});

const success = z.looseObject({ success: z.literal(true) });
const task = z.looseObject({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.union([z.literal(0), z.literal(1)]),
  parent_id: z.number(),
  lead_id: z.number().nullable(),
  complete_date: z.string().nullable(),
  agents: z.array(z.looseObject({ label: z.string(), value: z.number() })),
});

describe('tasks', () => {
  let taskId = 0;
  let subtaskId = 0;

  it('POST /task/add (inputs: title, parent_id, optional lead_id) -> success', async () => {
    const top = specAnswer(
      await server.form(
        '/task/add',
        { inputs: { title: 'Spec görevi', parent_id: 0, lead_id: lead.id } },
        'sales',
      ),
      success.extend({ id: z.number() }),
    );
    taskId = top.id;
    const sub = specAnswer(
      await server.form('/task/add', { inputs: { title: 'Spec alt görevi', parent_id: taskId } }, 'sales'),
      success.extend({ id: z.number() }),
    );
    subtaskId = sub.id;
  });

  it('POST /tasks (parent_id, optional lead_id) -> results; info and agents for subtasks', async () => {
    const top = specAnswer(
      await server.form('/tasks', { parent_id: 0, lead_id: lead.id }, 'sales'),
      z.looseObject({ results: z.array(task) }),
    );
    expect(top.results.map((item) => item.id)).toContain(taskId);
    // Reading: a subtask list carries its parent task as info and the parent's agents.
    const subs = specAnswer(
      await server.form('/tasks', { parent_id: taskId }, 'sales'),
      z.looseObject({
        results: z.array(task),
        info: task,
        agents: z.array(z.looseObject({ label: z.string(), value: z.number() })),
      }),
    );
    expect(subs.results.map((item) => item.id)).toEqual([subtaskId]);
    expect(subs.info.id).toBe(taskId);
    expect(subs.agents).toEqual(subs.info.agents);
  });

  it('POST /tasks/{table}/{id} (parent_id) -> results; info and agents for subtasks', async () => {
    const top = specAnswer(
      await server.form(`/tasks/leads/${lead.id}`, { parent_id: 0 }, 'sales'),
      z.looseObject({ results: z.array(task) }),
    );
    expect(top.results.map((item) => item.id)).toContain(taskId);
    const subs = specAnswer(
      await server.form(`/tasks/leads/${lead.id}`, { parent_id: taskId }, 'sales'),
      z.looseObject({ results: z.array(task), info: task, agents: z.array(z.unknown()) }),
    );
    expect(subs.info.title).toBe('Spec görevi');
  });

  it('POST /task/save (info, agents)', async () => {
    specAnswer(
      await server.form(
        '/task/save',
        {
          info: { id: taskId, title: 'Spec görevi (düzenlendi)', description: 'Açıklama' },
          agents: [server.users.sales.id],
        },
        'sales',
      ),
      success,
    );
    const saved = await server.db
      .selectFrom('tasks')
      .select('title')
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(saved.title).toBe('Spec görevi (düzenlendi)');
  });

  it('POST /task/status (id, status) -> success', async () => {
    specAnswer(await server.form('/task/status', { id: subtaskId, status: 1 }, 'sales'), success);
    specAnswer(await server.form('/task/status', { id: subtaskId, status: 0 }, 'sales'), success);
  });

  it('POST /task/remove (reading: id of the task; its subtasks go with it)', async () => {
    specAnswer(await server.form('/task/remove', { id: taskId }, 'sales'), success);
    expect(
      await server.db.selectFrom('tasks').select('id').where('id', 'in', [taskId, subtaskId]).execute(),
    ).toEqual([]);
  });
});

describe('surveys', () => {
  let surveyId = 0;

  it('POST /questions/save/ (survey data as JSON) and POST /questions/{x} -> questions and answers', async () => {
    const data = JSON.stringify([
      { text: 'Yatırım deneyiminiz var mı?', type: 'Evet/Hayır', answers: [] },
      { text: 'Hangi ürünler?', type: 'ÇokluSeçenek', answers: ['Forex', 'Hisse'] },
      { text: 'Notunuz', type: 'Girdi', answers: [] },
    ]);
    surveyId = specAnswer(
      await server.form('/questions/save/', { name: 'Spec anketi', data }, 'admin'),
      success.extend({ id: z.number() }),
    ).id;
    const answer = specAnswer(
      await server.form(`/questions/${lead.id}`, { id: lead.id }, 'admin'),
      z.looseObject({
        results: z.array(
          z.looseObject({
            id: z.number(),
            name: z.string(),
            data: z.array(z.looseObject({ text: z.string(), type: z.string() })),
            answers: z.unknown(),
          }),
        ),
      }),
    );
    expect(answer.results.find((survey) => survey.id === surveyId)?.data).toHaveLength(3);
  });

  it('POST /answerSet/{x} (question_id, answers as text/value)', async () => {
    const answers = JSON.stringify([
      { text: 'Yatırım deneyiminiz var mı?', value: 'evet', question_id: surveyId },
      { text: 'Hangi ürünler?', value: ['Forex'], question_id: surveyId },
      { text: 'Notunuz', value: 'Arayınız', question_id: surveyId },
    ]);
    specAnswer(
      await server.form(`/answerSet/${lead.id}`, { question_id: surveyId, answers }, 'admin'),
      success,
    );
    const survey = specAnswer(
      await server.form(`/questions/${lead.id}`, { id: lead.id }, 'admin'),
      z.looseObject({
        results: z.array(
          z.looseObject({
            id: z.number(),
            answers: z.looseObject({ answers: z.array(z.unknown()) }).nullable(),
          }),
        ),
      }),
    ).results.find((item) => item.id === surveyId);
    expect(survey?.answers?.answers).toHaveLength(3);
  });
});

describe('offers (bids)', () => {
  let templateId = 0;

  it('POST /bids/save/ (template data: a category question with an empty field, priceCalc 1, priceVal 1500)', async () => {
    const questions = [
      { text: 'İsim Soyisim', type: 'db', field: { id: 1, name: 'name' }, answers: [] },
      {
        text: 'Paket',
        type: 'cat',
        field: '',
        answers: [
          { text: 'Altın', priceCalc: 1, priceVal: 1500 },
          { text: 'Gümüş', priceCalc: 0, priceVal: '' },
        ],
      },
    ];
    // JSON, as the builder's template data.
    templateId = specAnswer(
      await server.json('/bids/save/', { name: 'Spec teklifi', questions }),
      success.extend({ id: z.number() }),
    ).id;
    // The same template as a form: bracket fields, flags and prices as text.
    specAnswer(
      await server.form('/bids/save/', { name: 'Spec teklifi (form)', questions }),
      success.extend({ id: z.number() }),
    );
  });

  it('POST /bids/{x} -> the template', async () => {
    specAnswer(
      await server.form(`/bids/${templateId}`),
      z.looseObject({
        result: z.looseObject({
          name: z.string(),
          questions: z.array(z.looseObject({ text: z.string(), type: z.string() })),
        }),
      }),
    );
  });

  it('POST /bidSet/{x} (template data: the answers) and POST /bids/{x}/{y} -> result with answers for the preview', async () => {
    specAnswer(
      await server.json(
        `/bidSet/${lead.id}`,
        { template_id: templateId, values: ['Ayşe Yılmaz', 'Altın'] },
        'sales',
      ),
      success,
    );
    const preview = specAnswer(
      await server.form(`/bids/${lead.id}/${templateId}`, {}, 'sales'),
      z.looseObject({
        result: z.looseObject({
          answers: z.array(z.looseObject({ question: z.string(), value: z.string() })),
          total: z.string(),
        }),
      }),
    );
    expect(preview.result.total).toBe('1500.00');
  });
});

describe('hooks, calls, conversion, journal, files, duplicates, e-mail, call periods', () => {
  it('POST /hooks/save/ (if, if_value, then, then_value)', async () => {
    specAnswer(
      await server.form('/hooks/save/', {
        if: 'utm_source',
        if_value: 'spec-kaynak',
        then: 'agent_id',
        then_value: String(server.users.sales.id),
      }),
      success,
    );
  });

  it('POST /makecall (phone, lead_id) and POST /makeFastCall (hat 0, 80 or 90; lead_id)', async () => {
    specAnswer(await server.form('/makecall', { phone: lead.phone, lead_id: lead.id }, 'sales'), success);
    for (const hat of ['0', '80', '90']) {
      specAnswer(await server.form('/makeFastCall', { hat, lead_id: lead.id }, 'sales'), success);
    }
  });

  it('POST /convertCustomer/{id} (convert form: retention, retention_md, tc, occupation, city, ilce)', async () => {
    const retention = server.users.retention.id;
    specAnswer(
      await server.form(
        `/convertCustomer/${lead.id}`,
        {
          retention_id: retention,
          retention_md_id: '',
          tc: '10000000146',
          occupation_id: 1,
          city: 'İstanbul',
          ilce: 'Kadıköy',
        },
        'sales',
      ),
      success,
    );
    const converted = await server.db
      .selectFrom('leads')
      .select('is_customer')
      .where('id', '=', lead.id)
      .executeTakeFirstOrThrow();
    expect(converted.is_customer).toBe(1);
  });

  it('POST /journal/{table}/{id} -> results (agent, created_at, field -> old/new); transactions too, newest first', async () => {
    const entry = z.looseObject({
      agent_id: z.number().nullable(),
      values: z.record(z.string(), z.looseObject({ old: z.unknown(), new: z.unknown() })),
      created_at: z.string(),
    });
    const leads = specAnswer(
      await server.form(`/journal/leads/${lead.id}`, {}, 'sales'),
      z.looseObject({ results: z.array(entry) }),
    );
    expect(leads.results.some((item) => 'is_customer' in item.values)).toBe(true);
    const trx = await server.db
      .selectFrom('transactions')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const money = specAnswer(
      await server.form(`/journal/transactions/${trx.id}`),
      z.looseObject({ results: z.array(entry).min(1) }),
    );
    const times = money.results.map((item) => item.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('POST /upload/{leadId} (form field fileCat, images) and POST /files/{x}', async () => {
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
        '1f15c4890000000d49444154789c6300010000050001' +
        '0d0a2db40000000049454e44ae426082',
      'hex',
    );
    const boundary = '----speckenar';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="fileCat"\r\n\r\n1\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="kimlik.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await server.app.inject({
      method: 'POST',
      url: `/api/upload/${lead.id}`,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${server.users.sales.token}`,
      },
      payload,
    });
    specAnswer(upload, success);
    const files = specAnswer(
      await server.form(`/files/${lead.id}`, {}, 'sales'),
      z.looseObject({
        results: z.array(
          z.looseObject({
            file_name: z.string(),
            agent_id: z.number().nullable(),
            file_category_id: z.number().nullable(),
            created_at: z.string(),
          }),
        ),
      }),
    );
    expect(files.results.map((file) => file.file_name)).toContain('kimlik.png');
  });

  it('POST /getDublicatedLeads (id) -> results', async () => {
    const twin = await server.db
      .insertInto('leads')
      .values({ name: 'İkiz Kayıt', phone: lead.phone, team_id: server.users.sales.team_id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const answer = specAnswer(
      await server.form('/getDublicatedLeads', { id: lead.id }, 'sales'),
      z.looseObject({ results: z.array(z.looseObject({ id: z.number() })) }),
    );
    expect(answer.results.map((result) => result.id)).toContain(twin.id);
  });

  it('POST /process-email/ (lead_id, template_id, start, end)', async () => {
    const template = await server.db
      .selectFrom('email_templates')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    specAnswer(
      await server.form(
        '/process-email/',
        {
          lead_id: lead.id,
          template_id: template.id,
          start: '2099-01-01 10:00:00',
          end: '2099-01-02 10:00:00',
        },
        'admin',
      ),
      success,
    );
  });

  it('POST /callperiods/ (filters) -> results (lead_id, name, status_id, agent_id, datetime)', async () => {
    const answer = specAnswer(
      await server.form('/callperiods/', { filters: { agent_id: '' } }, 'sales_manager'),
      z.looseObject({
        results: z.array(
          z.looseObject({
            lead_id: z.number(),
            name: z.string(),
            status_id: z.number().nullable(),
            agent_id: z.number().nullable(),
            datetime: z.string(),
          }),
        ),
      }),
    );
    expect(Array.isArray(answer.results)).toBe(true);
    specRefusal(await server.form('/callperiods/', { filters: { agent_id: 'x' } }, 'sales_manager'), 400);
  });
});
