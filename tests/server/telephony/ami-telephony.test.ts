import { createServer, type AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdapterLog } from '../../../src/server/adapters/adapter-log';
import { AmiClient, type AmiClientFactory } from '../../../src/server/adapters/telephony/ami-client';
import {
  createAmiTelephony,
  describeOriginateResponse,
  telephonyMessages,
  type AmiTelephonyConfig,
  type CallOutcome,
  type OriginateRequest,
  type TelephonyAdapter,
} from '../../../src/server/adapters/telephony/telephony';
import { messages } from '../../../src/shared/i18n/messages';
import { FakeAmiServer, waitUntil } from './fake-ami-server';

let server: FakeAmiServer;
const adapters: TelephonyAdapter[] = [];

/** The real client with test-sized timers. */
const fastClients: AmiClientFactory = (options) =>
  new AmiClient({
    ...options,
    connectTimeoutMs: 300,
    actionTimeoutMs: 150,
    pingIntervalMs: 0,
    reconnectInitialDelayMs: 20,
  });

/** One logged line: its level, message and fields. */
interface LogLine {
  level: 'warn' | 'info';
  message: string;
  details: Record<string, unknown>;
}

function telephony(overrides: Partial<AmiTelephonyConfig> = {}): {
  adapter: TelephonyAdapter;
  outcomes: CallOutcome[];
  lines: LogLine[];
} {
  const outcomes: CallOutcome[] = [];
  const lines: LogLine[] = [];
  const log: AdapterLog = {
    warn: (details, message) => lines.push({ level: 'warn', message, details }),
    info: (details, message) => lines.push({ level: 'info', message, details }),
  };
  const adapter = createAmiTelephony(
    {
      host: '127.0.0.1',
      port: server.port,
      username: 'crm',
      secret: 's3cret',
      context: 'from-internal',
      channelTech: 'PJSIP',
      onOutcome: (outcome) => {
        outcomes.push(outcome);
      },
      log,
      ...overrides,
    },
    fastClients,
  );
  adapters.push(adapter);
  return { adapter, outcomes, lines };
}

const warnings = (lines: readonly LogLine[]): string[] =>
  lines.filter((line) => line.level === 'warn').map((line) => line.message);

const request: OriginateRequest = {
  dahili: '1001',
  number: '5321112233',
  linePrefix: '90',
  leadId: 42,
  userId: 7,
};

beforeEach(async () => {
  server = await FakeAmiServer.start();
});

afterEach(async () => {
  await Promise.all(adapters.splice(0).map((adapter) => adapter.close()));
  await server.close();
});

describe('createAmiTelephony originate', () => {
  it('sends the Originate lines for line 90 and answers queued', async () => {
    const { adapter } = telephony();
    const result = await adapter.originate(request);
    expect(result).toEqual({
      status: 'queued',
      message: telephonyMessages.callQueued,
      actionId: expect.any(String),
    });
    const [originate] = server.actionsNamed('Originate');
    expect(originate?.lines).toEqual([
      'Action: Originate',
      `ActionID: ${result.actionId ?? ''}`,
      'Channel: PJSIP/1001',
      'Context: from-internal',
      'Exten: 905321112233',
      'Priority: 1',
      'CallerID: "#LEAD42" <1001>',
      'Timeout: 30000',
      'Async: true',
      'Variable: lead_id=42',
      'Variable: user_id=7',
    ]);
    // OriginateResponse belongs to the "call" event class, so the login must ask for it.
    expect(server.actionsNamed('Login')[0]?.get('Events')).toBe('call');
    expect(adapter.kind).toBe('ami');
  });

  it.each([
    ['0', '05321112233'],
    ['80', '805321112233'],
    ['90', '905321112233'],
    ['', '5321112233'],
  ] as const)('dials line prefix "%s" as Exten %s', async (linePrefix, exten) => {
    const { adapter } = telephony();
    await adapter.originate({ ...request, linePrefix });
    expect(server.actionsNamed('Originate')[0]?.get('Exten')).toBe(exten);
  });

  it('uses the configured channel technology, context, timeout and a given CallerID', async () => {
    const { adapter } = telephony({ channelTech: 'SIP', context: 'crm-out', originateTimeoutMs: 20_000 });
    await adapter.originate({ ...request, dahili: '2002', callerId: 'Satış <2002>' });
    const [originate] = server.actionsNamed('Originate');
    expect(originate?.get('Channel')).toBe('SIP/2002');
    expect(originate?.get('Context')).toBe('crm-out');
    expect(originate?.get('Timeout')).toBe('20000');
    expect(originate?.get('CallerID')).toBe('Satış <2002>');
  });

  it('connects once and reuses the session for later calls', async () => {
    const { adapter } = telephony();
    await adapter.originate(request);
    await adapter.originate({ ...request, leadId: 43 });
    expect(server.connectionCount).toBe(1);
    const ids = server.actionsNamed('Originate').map((action) => action.get('ActionID'));
    expect(new Set(ids).size).toBe(2);
  });
});

describe('createAmiTelephony outcomes', () => {
  it('reports the later OriginateResponse through onOutcome', async () => {
    const { adapter, outcomes } = telephony();
    const result = await adapter.originate(request);
    expect(outcomes).toEqual([]);
    await waitUntil(() => outcomes.length === 1);
    expect(outcomes[0]).toEqual({
      actionId: result.actionId,
      leadId: 42,
      userId: 7,
      dahili: '1001',
      exten: '905321112233',
      status: 'answered',
      reason: 4,
      message: telephonyMessages.outcomeAnswered,
      uniqueId: '1700000000.42',
    });
  });

  it('reports busy when the event arrives before the queued response', async () => {
    const { adapter, outcomes } = telephony();
    server.originateMode = 'event-first';
    server.originateReason = 5;
    const result = await adapter.originate(request);
    expect(result.status).toBe('queued');
    await waitUntil(() => outcomes.length === 1);
    expect(outcomes[0]).toMatchObject({ status: 'busy', reason: 5, message: telephonyMessages.outcomeBusy });
  });

  it('reports an unknown outcome when the connection drops after queuing', async () => {
    const { adapter, outcomes } = telephony();
    server.originateMode = 'success-then-drop';
    expect((await adapter.originate(request)).status).toBe('queued');
    await waitUntil(() => outcomes.length === 1);
    expect(outcomes[0]).toMatchObject({
      status: 'unknown',
      reason: null,
      message: telephonyMessages.outcomeUnknown,
    });
  });

  it('hands errors of the outcome handler to onError', async () => {
    const errors: unknown[] = [];
    const { adapter } = telephony({
      onOutcome: () => Promise.reject(new Error('log table missing')),
      onError: (error) => errors.push(error),
    });
    await adapter.originate(request);
    await waitUntil(() => errors.length === 1);
    expect(errors[0]).toMatchObject({ message: 'log table missing' });
  });
});

describe('createAmiTelephony failures', () => {
  it('answers failed with the PBX reason when the Originate is refused', async () => {
    const { adapter, outcomes } = telephony();
    server.originateMode = 'error';
    const result = await adapter.originate(request);
    expect(result).toEqual({
      status: 'failed',
      message: 'Santral aramayı başlatmadı (Extension does not exist.)',
      actionId: expect.any(String),
    });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(outcomes).toEqual([]);
  });

  it('answers pending, not failed, when the PBX does not answer in time, and logs it once', async () => {
    const { adapter, lines } = telephony();
    server.originateMode = 'silent';
    expect(await adapter.originate({ ...request, actionId: 'crm-attempt-silent' })).toEqual({
      status: 'pending',
      message: messages.callPending,
      actionId: 'crm-attempt-silent',
    });
    expect(warnings(lines)).toEqual(['AMI Originate not answered in time; waiting for its outcome']);
  });

  it('reports the outcome of an Originate the PBX answers late (the call did happen)', async () => {
    const { adapter, outcomes } = telephony();
    server.originateMode = 'late';
    server.responseDelayMs = 300;
    server.originateReason = 4;
    const result = await adapter.originate({ ...request, actionId: 'crm-attempt-late' });
    expect(result.status).toBe('pending');
    expect(outcomes).toEqual([]);
    await waitUntil(() => outcomes.length === 1, 2_000);
    expect(outcomes[0]).toMatchObject({ actionId: 'crm-attempt-late', status: 'answered', reason: 4 });
    // One call: nothing was sent twice.
    expect(server.actionsNamed('Originate')).toHaveLength(1);
  });

  it('reports a late refusal as the outcome "refused"', async () => {
    const { adapter, outcomes, lines } = telephony();
    server.originateMode = 'late-error';
    server.responseDelayMs = 300;
    expect((await adapter.originate(request)).status).toBe('pending');
    await waitUntil(() => outcomes.length === 1, 2_000);
    expect(outcomes[0]).toMatchObject({ status: 'refused', reason: null });
    expect(warnings(lines)).toContain('AMI Originate refused late');
  });

  it('reports an extension the PBX cannot reach (OriginateResponse Failure, reason 0)', async () => {
    const { adapter, outcomes } = telephony();
    server.originateReason = 0;
    expect((await adapter.originate(request)).status).toBe('queued');
    await waitUntil(() => outcomes.length === 1);
    expect(outcomes[0]).toMatchObject({
      status: 'unreachable',
      reason: 0,
      message: telephonyMessages.outcomeUnreachable,
    });
  });

  it('answers failed when the PBX cannot be reached', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const { adapter, lines } = telephony({ port });
    expect(await adapter.originate(request)).toEqual({
      status: 'failed',
      message: telephonyMessages.pbxUnreachable,
    });
    expect(warnings(lines)).toEqual(['AMI connection failed']);
    expect(lines[0]?.details).toMatchObject({ adapter: 'ami', port, code: 'connect' });
    expect(String(lines[0]?.details.reason)).toContain('ECONNREFUSED');
  });

  it('answers failed when the AMI login is refused', async () => {
    const { adapter, lines } = telephony({ secret: 'wrong' });
    expect(await adapter.originate(request)).toEqual({
      status: 'failed',
      message: telephonyMessages.pbxLoginFailed,
    });
    expect(warnings(lines)).toEqual(['AMI login refused']);
    // The secret is never written to the log.
    expect(JSON.stringify(lines)).not.toContain('wrong');
  });

  it('checks the connection on demand: a wrong secret shows before any call', async () => {
    const refused = telephony({ secret: 'wrong' });
    expect(await refused.adapter.check()).toEqual({
      ok: false,
      message: telephonyMessages.pbxLoginFailed,
      detail: expect.stringContaining('Authentication failed'),
    });
    expect(warnings(refused.lines)).toEqual(['AMI login refused']);
    const good = telephony();
    expect(await good.adapter.check()).toEqual({ ok: true });
    expect(good.lines.map((line) => line.message)).toEqual(['AMI connected']);
    expect(server.actionsNamed('Originate')).toEqual([]);
  });

  it('recovers for the next call after the PBX connection dropped', async () => {
    const { adapter } = telephony();
    await adapter.originate(request);
    server.dropConnections();
    await waitUntil(() => server.connectionCount === 2 && server.actionsNamed('Login').length === 2);
    expect((await adapter.originate(request)).status).toBe('queued');
    expect(server.actionsNamed('Originate').map((action) => action.connection)).toEqual([1, 2]);
  });

  it.each([
    [{ dahili: '10a1' }, telephonyMessages.invalidDahili],
    [{ dahili: '1' }, telephonyMessages.invalidDahili],
    [{ number: '05321112233' }, messages.invalidPhoneForCall],
    [{ number: '532111223' }, messages.invalidPhoneForCall],
    [{ leadId: 0 }, messages.invalidRequest],
    [{ callerId: 'x\r\nAction: Command' }, messages.invalidRequest],
  ] as const)('refuses %o without contacting the PBX', async (change, message) => {
    const { adapter } = telephony();
    expect(await adapter.originate({ ...request, ...change })).toEqual({ status: 'failed', message });
    expect(server.connectionCount).toBe(0);
  });

  it('refuses an unknown line prefix', async () => {
    const { adapter } = telephony();
    const bad = { ...request, linePrefix: '70' } as unknown as OriginateRequest;
    expect(await adapter.originate(bad)).toEqual({
      status: 'failed',
      message: telephonyMessages.invalidCallLine,
    });
  });
});

describe('describeOriginateResponse', () => {
  it.each([
    ['Failure', '0', 'unreachable', telephonyMessages.outcomeUnreachable],
    ['Failure', '1', 'hung-up', telephonyMessages.outcomeHungUp],
    ['Failure', '3', 'no-answer', telephonyMessages.outcomeNoAnswer],
    ['Success', '4', 'answered', telephonyMessages.outcomeAnswered],
    ['Failure', '5', 'busy', telephonyMessages.outcomeBusy],
    ['Failure', '8', 'congestion', telephonyMessages.outcomeCongestion],
    ['Failure', '2', 'failed', 'Arama başarısız (sebep kodu 2)'],
  ] as const)('Response %s, Reason %s -> %s', (response, reason, status, message) => {
    expect(
      describeOriginateResponse({ Event: 'OriginateResponse', Response: response, Reason: reason }),
    ).toEqual({
      status,
      reason: Number(reason),
      message,
    });
  });

  it('falls back on the Response when Reason is missing', () => {
    expect(describeOriginateResponse({ Response: 'Success' })).toMatchObject({
      status: 'answered',
      reason: null,
    });
    expect(describeOriginateResponse({ Response: 'Failure' })).toEqual({
      status: 'failed',
      reason: null,
      message: telephonyMessages.outcomeFailedNoReason,
    });
  });
});
