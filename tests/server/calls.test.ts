import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { telephonyMessages } from '../../src/server/adapters/telephony/telephony';
import { buildServer } from '../../src/server/app';
import type { CallLogsTable, Database } from '../../src/server/db/schema';
import { createCallLog } from '../../src/server/services/call-log';
import type { CallResult } from '../../src/shared/contract';
import { messages } from '../../src/shared/i18n/messages';
import { failureMessage, okAnswer, startDemoServer, type DemoServer } from './support/demo-server';
import { postForm, postJson } from './support/http';
import { FakeAmiServer } from './telephony/fake-ami-server';

type CallLogRow = Selectable<CallLogsTable>;

let server: DemoServer;
let db: Kysely<Database>;
/** Leads with known numbers: one in the sales agent's team, one in sales2's team. */
let ownLead: number;
let foreignLead: number;
let badNumberLead: number;

const makeCall = (body: Record<string, unknown>, token?: string, app: FastifyInstance = server.app) =>
  postForm(app, '/api/makecall', body, token);
const makeFastCall = (body: Record<string, unknown>, token?: string, app: FastifyInstance = server.app) =>
  postForm(app, '/api/makeFastCall', body, token);

async function insertLead(teamId: number, phones: { phone?: string; mobile?: string; phone_2?: string }) {
  const row = await db
    .insertInto('leads')
    .values({ name: 'Arama Testi', team_id: teamId, ...phones })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function callLogs(): Promise<CallLogRow[]> {
  return db.selectFrom('call_logs').selectAll().orderBy('id').execute();
}

async function lastLog(): Promise<CallLogRow | undefined> {
  return db.selectFrom('call_logs').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
}

async function setDahili(userId: number, dahili: string | null): Promise<void> {
  await db.updateTable('users').set({ dahili }).where('id', '=', userId).execute();
}

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
  const { sales, sales2 } = server.users;
  ownLead = await insertLead(sales.team_id, {
    phone: '+90 (532) 444 55 66',
    mobile: '0533 777 88 99',
    phone_2: '12345',
  });
  foreignLead = await insertLead(sales2.team_id, { phone: '05324445567' });
  badNumberLead = await insertLead(sales.team_id, { phone: '12345', mobile: '' });
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('POST /api/makecall', () => {
  it('refuses a user without a dahili, in Turkish, and logs the attempt', async () => {
    const { sales } = server.users;
    await setDahili(sales.id, null);
    try {
      const msg = failureMessage(await makeCall({ phone: '5324445566', lead_id: ownLead }, sales.token), 400);
      expect(msg).toBe(messages.dahiliRequired);
      expect(await lastLog()).toMatchObject({
        user_id: sales.id,
        lead_id: ownLead,
        dahili: null,
        number: '5324445566',
        line_prefix: '',
        status: 'refused',
        message: messages.dahiliRequired,
        action_id: null,
      });
    } finally {
      await setDahili(sales.id, '1005');
    }
  });

  it('with a dahili, logs the call (log-only telephony) and answers its Turkish message', async () => {
    const { sales } = server.users;
    const before = (await callLogs()).length;
    // Any spelling of the lead's own number is the same number after normalisation.
    const answer = okAnswer<CallResult<'makeCall'>>(
      await makeCall({ phone: '0 (532) 444-55-66', lead_id: ownLead }, sales.token),
    );
    expect(answer).toEqual({ success: true, msg: telephonyMessages.callLoggedNoPbx });
    const logs = await callLogs();
    expect(logs).toHaveLength(before + 1);
    expect(logs.at(-1)).toMatchObject({
      user_id: sales.id,
      lead_id: ownLead,
      dahili: '1005',
      number: '5324445566',
      line_prefix: '',
      status: 'logged',
      message: telephonyMessages.callLoggedNoPbx,
      outcome: null,
    });
    expect(logs.at(-1)?.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("calls the lead's mobile when asked for it", async () => {
    const { sales } = server.users;
    const answer = okAnswer<CallResult<'makeCall'>>(
      await postJson(server.app, '/api/makecall', { phone: '5337778899', lead_id: ownLead }, sales.token),
    );
    expect(answer.success).toBe(true);
    expect(await lastLog()).toMatchObject({ number: '5337778899', status: 'logged' });
  });

  it('never dials a number that is not one of the lead’s, and logs the refusal', async () => {
    const { sales } = server.users;
    const msg = failureMessage(await makeCall({ phone: '5551112233', lead_id: ownLead }, sales.token), 400);
    expect(msg).toBe(messages.callNumberNotOfLead);
    expect(await lastLog()).toMatchObject({ number: '5551112233', status: 'refused', message: msg });
  });

  it('needs a 10-digit number', async () => {
    const { sales } = server.users;
    const msg = failureMessage(await makeCall({ phone: '12345', lead_id: ownLead }, sales.token), 400);
    expect(msg).toBe(messages.invalidPhoneForCall);
    expect(await lastLog()).toMatchObject({ number: '12345', status: 'refused', message: msg });
  });

  it('answers 404 for a lead of another team, and logs it', async () => {
    const { sales } = server.users;
    const msg = failureMessage(
      await makeCall({ phone: '5324445567', lead_id: foreignLead }, sales.token),
      404,
    );
    expect(msg).toBe(messages.recordNotFound);
    expect(await lastLog()).toMatchObject({ lead_id: foreignLead, status: 'refused', message: msg });
    failureMessage(await makeCall({ phone: '5324445567', lead_id: 2_000_000_000 }, sales.token), 404);
    expect(await lastLog()).toMatchObject({ lead_id: 2_000_000_000, status: 'refused' });
  });

  it('refuses a number in a column the user may not read (no guessing hidden numbers)', async () => {
    const { sales } = server.users;
    const permission = await db
      .selectFrom('permissions')
      .select(['id', 'read_fields'])
      .where('user_group_id', '=', sales.user_group_id)
      .where('table_name', '=', 'leads')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('permissions')
      .set({ read_fields: ['id', 'name', 'status_id', 'team_id'] })
      .where('id', '=', permission.id)
      .execute();
    try {
      const msg = failureMessage(await makeCall({ phone: '5324445566', lead_id: ownLead }, sales.token), 400);
      expect(msg).toBe(messages.callNumberNotOfLead);
      // A fast call dials the lead's number without showing it, so it still works.
      const fast = okAnswer<CallResult<'makeFastCall'>>(
        await makeFastCall({ hat: 0, lead_id: ownLead }, sales.token),
      );
      expect(fast.success).toBe(true);
    } finally {
      await db
        .updateTable('permissions')
        .set({ read_fields: permission.read_fields })
        .where('id', '=', permission.id)
        .execute();
    }
  });

  it.each([
    ['a lead id with SQL', { phone: '5324445566', lead_id: '1 OR 1=1' }],
    ['no lead id', { phone: '5324445566' }],
    ['a phone as an object', { phone: { a: '5324445566' }, lead_id: 1 }],
    ['a lead id past the serial range', { phone: '5324445566', lead_id: '99999999999' }],
  ])('answers 400 for %s (not an attempt: nothing to log)', async (_case, body) => {
    const before = (await callLogs()).length;
    failureMessage(await makeCall(body, server.users.sales.token), 400);
    failureMessage(await postJson(server.app, '/api/makecall', body, server.users.sales.token), 400);
    expect(await callLogs()).toHaveLength(before);
  });

  it('needs a session, and logs nothing without one', async () => {
    const before = (await callLogs()).length;
    failureMessage(await makeCall({ phone: '5324445566', lead_id: ownLead }), 401);
    expect(await callLogs()).toHaveLength(before);
  });
});

describe('POST /api/makeFastCall', () => {
  it.each([
    ['0', '0'],
    [80, '80'],
    ['90', '90'],
  ])('dials the lead’s first callable number over line %s', async (hat, prefix) => {
    const { sales } = server.users;
    const answer = okAnswer<CallResult<'makeFastCall'>>(
      await makeFastCall({ hat, lead_id: ownLead }, sales.token),
    );
    expect(answer).toEqual({ success: true, msg: telephonyMessages.callLoggedNoPbx });
    expect(await lastLog()).toMatchObject({
      user_id: sales.id,
      lead_id: ownLead,
      number: '5324445566',
      line_prefix: prefix,
      status: 'logged',
    });
  });

  it('refuses line 81 and logs the attempt with the line asked for', async () => {
    const { sales } = server.users;
    const msg = failureMessage(await makeFastCall({ hat: '81', lead_id: ownLead }, sales.token), 400);
    expect(msg).toBe(telephonyMessages.invalidCallLine);
    expect(await lastLog()).toMatchObject({ line_prefix: '81', status: 'refused', message: msg });
  });

  it('refuses without a dahili and with a lead that has no callable number', async () => {
    const { sales } = server.users;
    await setDahili(sales.id, '   ');
    try {
      const msg = failureMessage(await makeFastCall({ hat: 80, lead_id: ownLead }, sales.token), 400);
      expect(msg).toBe(messages.dahiliRequired);
    } finally {
      await setDahili(sales.id, '1005');
    }
    const msg = failureMessage(await makeFastCall({ hat: 80, lead_id: badNumberLead }, sales.token), 400);
    expect(msg).toBe(messages.invalidPhoneForCall);
    expect(await lastLog()).toMatchObject({ lead_id: badNumberLead, number: '12345', status: 'refused' });
  });

  it('answers 404 for a lead of another team, and logs it', async () => {
    const { sales, sales2 } = server.users;
    const msg = failureMessage(await makeFastCall({ hat: 0, lead_id: foreignLead }, sales.token), 404);
    expect(msg).toBe(messages.recordNotFound);
    expect(await lastLog()).toMatchObject({ user_id: sales.id, lead_id: foreignLead, status: 'refused' });
    // The lead's own team may call it.
    okAnswer<CallResult<'makeFastCall'>>(await makeFastCall({ hat: 0, lead_id: foreignLead }, sales2.token));
    expect(await lastLog()).toMatchObject({ user_id: sales2.id, number: '5324445567', status: 'logged' });
  });

  it.each([
    ['a hat as an object', { hat: { a: 1 }, lead_id: 1 }],
    ['no hat', { lead_id: 1 }],
    ['a long hat', { hat: '0'.repeat(50), lead_id: 1 }],
  ])('answers 400 for %s', async (_case, body) => {
    failureMessage(await postJson(server.app, '/api/makeFastCall', body, server.users.sales.token), 400);
  });
});

describe('calls through Asterisk AMI', () => {
  let pbx: FakeAmiServer;
  let amiApp: FastifyInstance;

  beforeAll(async () => {
    pbx = await FakeAmiServer.start();
    // A second server over the same database, configured for the fake PBX; sessions are shared.
    amiApp = await buildServer({
      database: server.database,
      webRoot: '/nonexistent-web-root',
      telephonyEnv: {
        AMI_HOST: '127.0.0.1',
        AMI_PORT: String(pbx.port),
        AMI_USERNAME: 'crm',
        AMI_SECRET: 's3cret',
        AMI_ORIGINATE_TIMEOUT_MS: '5000',
      },
    });
  });

  afterEach(() => {
    pbx.originateMode = 'success';
  });

  afterAll(async () => {
    await amiApp?.close();
    await pbx?.close();
  });

  async function outcomeOf(id: number): Promise<CallLogRow> {
    let row: CallLogRow | undefined;
    const deadline = Date.now() + 3_000;
    while (Date.now() < deadline) {
      row = await db.selectFrom('call_logs').selectAll().where('id', '=', id).executeTakeFirst();
      if (row?.outcome) return row;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no outcome recorded for call log ${id}: ${JSON.stringify(row)}`);
  }

  it('queues the call, dials line + number from the agent’s extension, and records the outcome', async () => {
    const { sales } = server.users;
    const answer = okAnswer<CallResult<'makeFastCall'>>(
      await makeFastCall({ hat: 90, lead_id: ownLead }, sales.token, amiApp),
    );
    expect(answer).toEqual({ success: true, msg: telephonyMessages.callQueued });
    const originate = await pbx.waitForAction((action) => action.get('Action') === 'Originate');
    expect(originate.get('Channel')).toBe('PJSIP/1005');
    expect(originate.get('Exten')).toBe('905324445566');
    const log = await lastLog();
    expect(log).toMatchObject({ status: 'queued', message: telephonyMessages.callQueued, line_prefix: '90' });
    expect(log?.action_id).toBe(originate.get('ActionID'));
    const done = await outcomeOf(log?.id as number);
    expect(done).toMatchObject({ outcome: 'answered', outcome_reason: 4 });
    expect(done.updated_at).not.toBeNull();
  });

  it('records an outcome that arrives before the PBX accepted the call', async () => {
    const { sales } = server.users;
    pbx.originateMode = 'event-first';
    pbx.originateReason = 1;
    try {
      okAnswer<CallResult<'makeCall'>>(
        await makeCall({ phone: '5337778899', lead_id: ownLead }, sales.token, amiApp),
      );
      const log = await lastLog();
      expect(log).toMatchObject({ status: 'queued', number: '5337778899' });
      expect(await outcomeOf(log?.id as number)).toMatchObject({ outcome_reason: 1 });
    } finally {
      pbx.originateReason = 4;
    }
  });

  it('answers success false with the PBX refusal and logs it as failed', async () => {
    const { sales } = server.users;
    pbx.originateMode = 'error';
    const answer = okAnswer<CallResult<'makeCall'>>(
      await makeCall({ phone: '5324445566', lead_id: ownLead }, sales.token, amiApp),
    );
    expect(answer.success).toBe(false);
    expect(answer.msg).toContain('Santral aramayı başlatmadı');
    expect(await lastLog()).toMatchObject({ status: 'failed', message: answer.msg });
  });
});

describe('call log', () => {
  it('keeps an outcome reported before its attempt row exists and applies it when the row comes', async () => {
    const { sales } = server.users;
    const log = createCallLog(db);
    const actionId = 'crm-test-early-1';
    await log.recordOutcome({
      actionId,
      leadId: ownLead,
      userId: sales.id,
      dahili: '1005',
      exten: '5324445566',
      status: 'busy',
      reason: 5,
      message: telephonyMessages.outcomeBusy,
      uniqueId: '1700000000.42',
    });
    expect(await db.selectFrom('call_logs').select('id').where('action_id', '=', actionId).execute()).toEqual(
      [],
    );
    await log.record({
      userId: sales.id,
      leadId: ownLead,
      dahili: '1005',
      number: '5324445566',
      linePrefix: '',
      status: 'queued',
      message: telephonyMessages.callQueued,
      actionId,
    });
    expect(await lastLog()).toMatchObject({
      action_id: actionId,
      status: 'queued',
      outcome: 'busy',
      outcome_reason: 5,
      unique_id: '1700000000.42',
    });
  });
});
