import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import { DEMO_SURVEY } from '../../src/server/seed/lead-detail-data';
import type { CallResult, Survey } from '../../src/shared/contract';
import { format, messages } from '../../src/shared/i18n/messages';
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
/** Retention has every lead-detail module and sees the leads whose retention_id is theirs. */
let retentionToken: string;
let retentionId: number;
let managerToken: string;
let ownLead: number;
let foreignLead: number;
let demoSurvey: Survey;

const post = (path: string, body: Record<string, unknown>, token: string) =>
  postForm(server.app, `/api${path}`, body, token);

async function surveysOf(leadId: number, token = retentionToken): Promise<Survey[]> {
  return okAnswer<CallResult<'questions'>>(await post(`/questions/${leadId}`, {}, token)).results;
}

const goodAnswers = [
  { value: 'Evet' },
  { value: '1-3 yıl' },
  { value: ['Kripto', 'Forex'] },
  { value: '  Emeklilik için birikim  ' },
];

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
  retentionToken = await login(server.app, 'retention@demo.crm', DEMO_PASSWORD);
  managerToken = await login(server.app, 'sales_manager@demo.crm', DEMO_PASSWORD);
  const retention = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'retention@demo.crm')
    .executeTakeFirstOrThrow();
  retentionId = retention.id;
  const insert = async (retention_id: number | null) =>
    (
      await db
        .insertInto('leads')
        .values({ name: 'Anket Testi', retention_id, team_id: server.users.sales.team_id })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  ownLead = await insert(retentionId);
  foreignLead = await insert(null);
  const found = (await surveysOf(ownLead)).find((s) => s.name === DEMO_SURVEY.name);
  if (!found) throw new Error('demo survey not seeded');
  demoSurvey = found;
});

afterAll(async () => {
  await server.close();
});

describe('the demo survey', () => {
  it('is seeded in Turkish with its four question types, unanswered', () => {
    expect(demoSurvey.data.map((q) => q.type)).toEqual(['Evet/Hayır', 'Seçenek', 'ÇokluSeçenek', 'Girdi']);
    expect(demoSurvey.answered).toBe(false);
    expect(demoSurvey.answers).toBeNull();
  });
});

describe('answerSet', () => {
  it('saves valid answers, normalised, and the list then offers "view answers"', async () => {
    const saved = okAnswer<CallResult<'answerSet'>>(
      await post(
        `/answerSet/${ownLead}`,
        { question_id: demoSurvey.id, answers: goodAnswers },
        retentionToken,
      ),
    );
    expect(saved).toMatchObject({ success: true, msg: messages.surveyAnswersSaved });
    const survey = (await surveysOf(ownLead)).find((s) => s.id === demoSurvey.id);
    expect(survey?.answered).toBe(true);
    expect(survey?.answers).toMatchObject({ agent_id: retentionId, agent_name: 'Gizem Yıldırım' });
    expect(survey?.answers?.answers).toEqual([
      { text: 'Daha önce yatırım yaptınız mı?', value: 'evet' },
      { text: 'Yatırım deneyiminiz', value: '1-3 yıl' },
      // Kept in the survey's option order.
      { text: 'İlgilendiğiniz piyasalar', value: ['Forex', 'Kripto'] },
      { text: 'Yatırım hedefinizi kısaca anlatır mısınız?', value: 'Emeklilik için birikim' },
    ]);
  });

  it('takes JSON too, and "HAYIR" folds to hayır the Turkish way', async () => {
    const lead = (
      await db
        .insertInto('leads')
        .values({ name: 'Anket JSON', retention_id: retentionId })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const answers = [{ value: 'HAYIR' }, { value: 'Yok' }, { value: ['Emtia'] }, { value: '' }];
    const response = await postJson(
      server.app,
      `/api/answerSet/${lead}`,
      { question_id: demoSurvey.id, answers },
      retentionToken,
    );
    expect(okAnswer<CallResult<'answerSet'>>(response).success).toBe(true);
    const survey = (await surveysOf(lead)).find((s) => s.id === demoSurvey.id);
    expect(survey?.answers?.answers.map((a) => a.value)).toEqual(['hayır', 'Yok', ['Emtia'], '']);
  });

  it('refuses answers that do not fit the question types, in Turkish', async () => {
    const [yesNo, choice, multi, text] = demoSurvey.data.map((q) => q.text) as [
      string,
      string,
      string,
      string,
    ];
    const cases: [unknown[], string][] = [
      [
        [{ value: 'belki' }, ...goodAnswers.slice(1)],
        format(messages.surveyAnswerInvalid, { question: yesNo }),
      ],
      [[{ value: '' }, ...goodAnswers.slice(1)], format(messages.surveyAnswerRequired, { question: yesNo })],
      [
        [goodAnswers[0], { value: '10 yıl' }, ...goodAnswers.slice(2)],
        format(messages.surveyAnswerInvalid, { question: choice }),
      ],
      [
        [goodAnswers[0], { value: ['1-3 yıl'] }, ...goodAnswers.slice(2)],
        format(messages.surveyAnswerInvalid, { question: choice }),
      ],
      [
        [...goodAnswers.slice(0, 2), { value: ['Forex', 'Altın'] }, goodAnswers[3]],
        format(messages.surveyAnswerInvalid, { question: multi }),
      ],
      [
        [...goodAnswers.slice(0, 2), { value: '' }, goodAnswers[3]],
        format(messages.surveyAnswerRequired, { question: multi }),
      ],
      [
        [...goodAnswers.slice(0, 3), { value: 'x'.repeat(2001) }],
        format(messages.surveyAnswerTooLong, { question: text, max: 2000 }),
      ],
      [goodAnswers.slice(0, 3), format(messages.surveyAnswerCount, { count: 4, given: 3 })],
    ];
    const before = await db.selectFrom('answers').select('id').execute();
    for (const [answers, message] of cases) {
      const response = await postJson(
        server.app,
        `/api/answerSet/${ownLead}`,
        { question_id: demoSurvey.id, answers },
        retentionToken,
      );
      expect(failureMessage(response, 400), JSON.stringify(answers).slice(0, 80)).toBe(message);
    }
    expect(await db.selectFrom('answers').select('id').execute()).toHaveLength(before.length);

    expect(
      failureMessage(
        await post(`/answerSet/${ownLead}`, { question_id: demoSurvey.id }, retentionToken),
        400,
      ),
    ).toBe(messages.surveyAnswersRequired);
    expect(
      failureMessage(
        await post(`/answerSet/${ownLead}`, { question_id: 99999, answers: goodAnswers }, retentionToken),
        404,
      ),
    ).toBe(messages.surveyNotFound);
  });

  it('answers 404 for a lead outside the user’s scope and 403 without the surveys module', async () => {
    const body = { question_id: demoSurvey.id, answers: goodAnswers };
    expect(failureMessage(await post(`/answerSet/${foreignLead}`, body, retentionToken), 404)).toBe(
      messages.recordNotFound,
    );
    expect(failureMessage(await post(`/questions/${foreignLead}`, {}, retentionToken), 404)).toBe(
      messages.recordNotFound,
    );
    // The sales agent sees the lead (own team) but has no anketler tab.
    const salesLead = (
      await db
        .insertInto('leads')
        .values({ name: 'Satış', team_id: server.users.sales.team_id })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    expect(failureMessage(await post(`/questions/${salesLead}`, {}, server.users.sales.token), 403)).toBe(
      messages.forbidden,
    );
  });
});

describe('questions/save (survey builder)', () => {
  it('creates and updates a survey; Evet/Hayır gets evet/hayır, Girdi no options', async () => {
    const created = okAnswer<CallResult<'questionsSave'>>(
      await postJson(
        server.app,
        '/api/questions/save/',
        {
          name: 'Memnuniyet',
          data: [
            { text: 'Memnun musunuz?', type: 'Evet/Hayır', answers: ['x'] },
            { text: 'Görüşleriniz', type: 'Girdi', answers: ['y'] },
            { text: 'Puanınız', type: 'Seçenek', answers: ['1', '2', '3', '3'] },
          ],
        },
        managerToken,
      ),
    );
    expect(created).toMatchObject({ success: true, msg: messages.surveySaved });
    let survey = (await surveysOf(ownLead)).find((s) => s.id === created.id);
    expect(survey?.data).toEqual([
      { text: 'Memnun musunuz?', type: 'Evet/Hayır', answers: ['evet', 'hayır'] },
      { text: 'Görüşleriniz', type: 'Girdi', answers: [] },
      { text: 'Puanınız', type: 'Seçenek', answers: ['1', '2', '3'] },
    ]);

    // The builder's own form encoding works as well.
    const updated = await post(
      '/questions/save/',
      { id: created.id, name: 'Memnuniyet 2', data: [{ text: 'Tekrar arayalım mı?', type: 'Evet/Hayır' }] },
      managerToken,
    );
    expect(okAnswer<CallResult<'questionsSave'>>(updated).id).toBe(created.id);
    survey = (await surveysOf(ownLead)).find((s) => s.id === created.id);
    expect(survey?.name).toBe('Memnuniyet 2');
    expect(survey?.data).toHaveLength(1);
  });

  it('refuses bad surveys in Turkish, and agents', async () => {
    const save = (body: unknown, token = managerToken) =>
      postJson(server.app, '/api/questions/save/', body, token);
    expect(failureMessage(await save({ name: '', data: [{ text: 'a', type: 'Girdi' }] }), 400)).toBe(
      messages.surveyNameRequired,
    );
    expect(failureMessage(await save({ name: 'Boş', data: [] }), 400)).toBe(messages.surveyQuestionsRequired);
    expect(failureMessage(await save({ name: 'Tip', data: [{ text: 'a', type: 'Tarih' }] }), 400)).toBe(
      messages.surveyQuestionTypeInvalid,
    );
    expect(
      failureMessage(
        await save({ name: 'Tek', data: [{ text: 'Renk', type: 'Seçenek', answers: ['Mavi'] }] }),
        400,
      ),
    ).toBe(format(messages.surveyOptionsRequired, { question: 'Renk' }));
    expect(
      failureMessage(await save({ id: 99999, name: 'Yok', data: [{ text: 'a', type: 'Girdi' }] }), 404),
    ).toBe(messages.surveyNotFound);
    expect(
      failureMessage(await save({ name: 'Ajan', data: [{ text: 'a', type: 'Girdi' }] }, retentionToken), 403),
    ).toBe(messages.forbidden);
  });
});
