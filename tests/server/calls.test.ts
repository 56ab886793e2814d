import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeAdapters } from '../../src/server/adapters/adapter-status';
import { telephonyMessages } from '../../src/server/adapters/telephony/telephony';
import { buildServer } from '../../src/server/app';
import type { CallLogsTable, Database } from '../../src/server/db/schema';
import { SOCKET_PATH, type CallOutcomeEvent, type CallResult } from '../../src/shared/contract';
import { messages } from '../../src/shared/i18n/messages';
import { failureMessage, okAnswer, startDemoServer, type DemoServer } from './support/demo-server';
import { postForm, postJson } from './support/http';
import { forgetCaches } from './support/caches';
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
  await forgetCaches(server.app);
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
    expect(answer).toEqual({ success: true, msg: telephonyMessages.callLoggedNoPbx, state: 'logged' });
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
    await forgetCaches(server.app);
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
      await forgetCaches(server.app);
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
    expect(answer).toEqual({ success: true, msg: telephonyMessages.callLoggedNoPbx, state: 'logged' });
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
        // The CRM stops waiting for the PBX's answer after 200 ms; the fake PBX's 'late' mode is slower.
        AMI_RESPONSE_TIMEOUT_MS: '200',
      },
    });
    await amiApp.listen({ port: 0, host: '127.0.0.1' });
  });

  afterEach(() => {
    pbx.originateMode = 'success';
    pbx.originateReason = 4;
    pbx.responseDelayMs = 300;
  });

  const sockets: Socket[] = [];

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await amiApp?.close();
    await pbx?.close();
  });

  /** The agent's socket.io connection to the AMI server, connected. */
  async function agentSocket(token: string): Promise<Socket> {
    const { port } = amiApp.server.address() as AddressInfo;
    const socket = connect(`http://127.0.0.1:${port}`, {
      path: SOCKET_PATH,
      auth: { token },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  function nextCallOutcome(socket: Socket, id: number, timeoutMs = 3_000): Promise<CallOutcomeEvent> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no callOutcome push for call ${id}`)), timeoutMs);
      const listener = (payload: CallOutcomeEvent): void => {
        if (payload.id !== id) return;
        clearTimeout(timer);
        socket.off('callOutcome', listener);
        resolve(payload);
      };
      socket.on('callOutcome', listener);
    });
  }

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
    expect(answer).toEqual({ success: true, msg: telephonyMessages.callQueued, state: 'queued' });
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

  it('a PBX that answers after the CRM stopped waiting: pending (not failed), one call, its outcome on its row and pushed', async () => {
    const { sales } = server.users;
    const socket = await agentSocket(sales.token);
    pbx.originateMode = 'late';
    pbx.responseDelayMs = 700;
    pbx.originateReason = 4;
    const originatesBefore = pbx.actionsNamed('Originate').length;

    const first = { hat: 0, lead_id: ownLead, attempt_id: 'click-late-0001' };
    const answer = okAnswer<CallResult<'makeFastCall'>>(await makeFastCall(first, sales.token, amiApp));
    // Not "failed, try again": the PBX may still place the call.
    expect(answer).toEqual({ success: true, msg: messages.callPending, state: 'pending' });
    const row = await lastLog();
    const originate = await pbx.waitForAction(
      (action) => action.get('Action') === 'Originate' && action.get('ActionID') === row?.action_id,
    );
    expect(originate.get('Exten')).toBe('05324445566');
    expect(row).toMatchObject({
      status: 'pending',
      message: messages.callPending,
      request_id: first.attempt_id,
    });

    // The same click sent again (a retried request) answers as before and dials nothing.
    const replay = okAnswer<CallResult<'makeFastCall'>>(await makeFastCall(first, sales.token, amiApp));
    expect(replay).toEqual(answer);
    // A new click while the first call still waits for its outcome is refused, in Turkish, and logged.
    const again = { hat: 0, lead_id: ownLead, attempt_id: 'click-late-0002' };
    expect(failureMessage(await makeFastCall(again, sales.token, amiApp), 409)).toBe(
      messages.callStillPending,
    );
    expect(await lastLog()).toMatchObject({ status: 'refused', message: messages.callStillPending });

    const pushed = await nextCallOutcome(socket, row?.id as number);
    expect(pushed).toEqual({
      id: row?.id,
      lead_id: ownLead,
      leadName: 'Arama Testi',
      status: 'answered',
      message: telephonyMessages.outcomeAnswered,
    });
    const done = await outcomeOf(row?.id as number);
    expect(done).toMatchObject({
      status: 'queued',
      outcome: 'answered',
      outcome_reason: 4,
      outcome_message: telephonyMessages.outcomeAnswered,
    });
    expect(pbx.actionsNamed('Originate')).toHaveLength(originatesBefore + 1);

    // The outcome is in: the agent may call again.
    pbx.originateMode = 'success';
    const next = okAnswer<CallResult<'makeFastCall'>>(
      await makeFastCall({ hat: 0, lead_id: ownLead, attempt_id: 'click-late-0003' }, sales.token, amiApp),
    );
    expect(next.state).toBe('queued');
    await outcomeOf((await lastLog())?.id as number);
  });

  it('a late refusal ends the pending call as failed', async () => {
    const { sales } = server.users;
    pbx.originateMode = 'late-error';
    pbx.responseDelayMs = 500;
    const answer = okAnswer<CallResult<'makeCall'>>(
      await makeCall({ phone: '5324445566', lead_id: ownLead }, sales.token, amiApp),
    );
    expect(answer.state).toBe('pending');
    const row = await lastLog();
    expect(await outcomeOf(row?.id as number)).toMatchObject({ status: 'failed', outcome: 'refused' });
  });

  it('an extension the PBX cannot reach (Failure, reason 0): the agent is told, the call history shows it', async () => {
    const { sales } = server.users;
    const socket = await agentSocket(sales.token);
    pbx.originateReason = 0;
    const answer = okAnswer<CallResult<'makeCall'>>(
      await makeCall({ phone: '5337778899', lead_id: ownLead }, sales.token, amiApp),
    );
    expect(answer).toEqual({ success: true, msg: telephonyMessages.callQueued, state: 'queued' });
    const row = await lastLog();
    const pushed = await nextCallOutcome(socket, row?.id as number);
    expect(pushed).toMatchObject({
      lead_id: ownLead,
      status: 'unreachable',
      message: telephonyMessages.outcomeUnreachable,
    });

    const history = okAnswer<CallResult<'callHistory'>>(
      await postForm(amiApp, `/api/calls/${ownLead}`, {}, sales.token),
    ).results;
    expect(history[0]).toMatchObject({
      id: row?.id,
      agent_name: expect.any(String),
      line_prefix: '',
      state: 'queued',
      message: telephonyMessages.callQueued,
      outcome: 'unreachable',
      outcome_message: telephonyMessages.outcomeUnreachable,
    });
    expect(history[0]?.outcome_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Newest first, refusals (no dahili, a busy agent, ...) are not calls and not listed.
    expect(history.map((call) => call.id)).toEqual([...history.map((call) => call.id)].sort((a, b) => b - a));
    const refused = await db
      .selectFrom('call_logs')
      .select('id')
      .where('lead_id', '=', ownLead)
      .where('status', '=', 'refused')
      .execute();
    expect(refused.length).toBeGreaterThan(0);
    expect(history.some((call) => refused.some((r) => r.id === call.id))).toBe(false);
  });

  it('checks the PBX at start: the server knows a wrong secret before any call', async () => {
    expect(amiApp.crmAdapters.telephony).toEqual({
      kind: 'ami',
      target: `127.0.0.1:${pbx.port}`,
      check: { ok: true },
    });
    const refused = await buildServer({
      database: server.database,
      webRoot: '/nonexistent-web-root',
      telephonyEnv: {
        AMI_HOST: '127.0.0.1',
        AMI_PORT: String(pbx.port),
        AMI_USERNAME: 'crm',
        AMI_SECRET: 'yanlis-sifre',
      },
    });
    try {
      const logins = pbx.actionsNamed('Login').filter((login) => login.get('Secret') === 'yanlis-sifre');
      expect(logins).toHaveLength(1);
      expect(refused.crmAdapters.telephony.check).toMatchObject({
        ok: false,
        message: telephonyMessages.pbxLoginFailed,
      });
      const [phone, mail] = describeAdapters(refused.crmAdapters);
      expect(phone).toContain(`Asterisk AMI 127.0.0.1:${pbx.port}, BAĞLANILAMADI`);
      expect(phone).toContain(telephonyMessages.pbxLoginFailed);
      expect(mail).toContain('outbox only');
    } finally {
      await refused.close();
    }
  });
});

describe('GET the lead call history: POST /api/calls/{leadId}', () => {
  it('lists the calls of a lead the user sees, and answers 404 for one they do not', async () => {
    const { sales } = server.users;
    okAnswer<CallResult<'makeFastCall'>>(await makeFastCall({ hat: 80, lead_id: ownLead }, sales.token));
    const history = okAnswer<CallResult<'callHistory'>>(
      await postForm(server.app, `/api/calls/${ownLead}`, {}, sales.token),
    ).results;
    expect(history[0]).toMatchObject({ line_prefix: '80', state: 'logged', outcome: null, outcome_at: null });
    expect(
      failureMessage(await postForm(server.app, `/api/calls/${foreignLead}`, {}, sales.token), 404),
    ).toBe(messages.recordNotFound);
    failureMessage(await postForm(server.app, `/api/calls/${ownLead}`, {}), 401);
  });
});
