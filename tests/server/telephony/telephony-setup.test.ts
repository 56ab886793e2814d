import { describe, expect, it } from 'vitest';
import { AmiClient } from '../../../src/server/adapters/telephony/ami-client';
import {
  FAST_CALL_LINES,
  TelephonyConfigError,
  createLogOnlyTelephony,
  createTelephonyFromEnv,
  fastCallLineName,
  parseFastCallLine,
  parseTelephonyEnv,
  telephonyMessages,
  validateCallRequest,
  type CallOutcome,
  type OriginateRequest,
} from '../../../src/server/adapters/telephony/telephony';
import { messages } from '../../../src/shared/i18n/messages';
import { FakeAmiServer, waitUntil } from './fake-ami-server';

const request: OriginateRequest = {
  dahili: '1001',
  number: '5321112233',
  linePrefix: '',
  leadId: 42,
  userId: 7,
};
const amiEnv = { AMI_HOST: 'pbx.local', AMI_USERNAME: 'crm', AMI_SECRET: 's3cret' };

describe('fast-call lines', () => {
  it('are İstanbul 0, İzmir 80 and Ankara 90', () => {
    expect(FAST_CALL_LINES).toEqual([
      { prefix: '0', name: 'İstanbul' },
      { prefix: '80', name: 'İzmir' },
      { prefix: '90', name: 'Ankara' },
    ]);
    expect(fastCallLineName('80')).toBe('İzmir');
  });

  it.each([
    [0, '0'],
    ['0', '0'],
    [80, '80'],
    [' 90 ', '90'],
    ['70', null],
    [70, null],
    ['', null],
    ['080', null],
    [null, null],
    [undefined, null],
    [{}, null],
  ] as const)('parseFastCallLine(%o) -> %o', (hat, expected) => {
    expect(parseFastCallLine(hat)).toBe(expected);
  });
});

describe('validateCallRequest', () => {
  it('normalises the number and keeps the dahili', () => {
    expect(validateCallRequest({ dahili: ' 1001 ', phone: '+90 (532) 111 22 33' })).toEqual({
      ok: true,
      dahili: '1001',
      number: '5321112233',
    });
    expect(validateCallRequest({ dahili: '12', phone: '05321112233' })).toMatchObject({
      number: '5321112233',
    });
  });

  it.each([
    [null, '5321112233', 'dahili', messages.dahiliRequired],
    ['  ', '5321112233', 'dahili', messages.dahiliRequired],
    ['1', '5321112233', 'dahili', telephonyMessages.invalidDahili],
    ['123456789', '5321112233', 'dahili', telephonyMessages.invalidDahili],
    ['10a1', '5321112233', 'dahili', telephonyMessages.invalidDahili],
    ['1001', '12345', 'phone', messages.invalidPhoneForCall],
    ['1001', null, 'phone', messages.invalidPhoneForCall],
    ['1001', '0090 532 111 22 33', 'phone', messages.invalidPhoneForCall],
  ] as const)('dahili %o, phone %o -> %s', (dahili, phone, field, message) => {
    expect(validateCallRequest({ dahili, phone })).toEqual({ ok: false, field, message });
  });

  it('asks for the dahili before looking at the number', () => {
    expect(validateCallRequest({ dahili: undefined, phone: 'x' })).toMatchObject({ field: 'dahili' });
  });
});

describe('createLogOnlyTelephony', () => {
  it('records without a PBX', async () => {
    const adapter = createLogOnlyTelephony();
    expect(adapter.kind).toBe('log-only');
    expect(await adapter.originate(request)).toEqual({
      status: 'logged',
      message: telephonyMessages.callLoggedNoPbx,
    });
    expect(await adapter.originate({ ...request, number: '123' })).toEqual({
      status: 'failed',
      message: messages.invalidPhoneForCall,
    });
    await adapter.close();
  });
});

describe('parseTelephonyEnv', () => {
  it('is log-only without AMI_HOST', () => {
    expect(parseTelephonyEnv({})).toEqual({ kind: 'log-only' });
    expect(parseTelephonyEnv({ AMI_HOST: '  ', AMI_USERNAME: 'crm' })).toEqual({ kind: 'log-only' });
  });

  it('fills the defaults', () => {
    expect(parseTelephonyEnv(amiEnv)).toEqual({
      kind: 'ami',
      ami: {
        host: 'pbx.local',
        port: 5038,
        username: 'crm',
        secret: 's3cret',
        context: 'from-internal',
        channelTech: 'PJSIP',
        originateTimeoutMs: 30_000,
        responseTimeoutMs: 10_000,
      },
    });
  });

  it('takes the overrides', () => {
    const parsed = parseTelephonyEnv({
      ...amiEnv,
      AMI_PORT: '5039',
      AMI_CONTEXT: 'crm-out',
      AMI_CHANNEL_TECH: 'sip',
      AMI_ORIGINATE_TIMEOUT_MS: '45000',
      AMI_RESPONSE_TIMEOUT_MS: '2500',
    });
    expect(parsed).toMatchObject({
      ami: {
        port: 5039,
        context: 'crm-out',
        channelTech: 'SIP',
        originateTimeoutMs: 45_000,
        responseTimeoutMs: 2_500,
      },
    });
  });

  it('lists every problem in one error and never echoes the secret', () => {
    let thrown: unknown;
    try {
      parseTelephonyEnv({
        AMI_HOST: 'pbx.local',
        AMI_PORT: '70000',
        AMI_SECRET: 'top\nsecret',
        AMI_CONTEXT: 'from internal',
        AMI_CHANNEL_TECH: 'IAX2',
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TelephonyConfigError);
    const error = thrown as TelephonyConfigError;
    expect(error.problems).toHaveLength(5);
    for (const name of ['AMI_PORT', 'AMI_USERNAME', 'AMI_SECRET', 'AMI_CONTEXT', 'AMI_CHANNEL_TECH']) {
      expect(error.message).toContain(name);
    }
    expect(error.message).not.toContain('top');
  });

  it.each(['abc', '0', '-1', '50.5'])('rejects AMI_PORT %s', (port) => {
    expect(() => parseTelephonyEnv({ ...amiEnv, AMI_PORT: port })).toThrow(TelephonyConfigError);
  });
});

describe('createTelephonyFromEnv', () => {
  it('is log-only without AMI_HOST and throws at start for a broken AMI setup', () => {
    expect(createTelephonyFromEnv({}).kind).toBe('log-only');
    expect(() => createTelephonyFromEnv({ AMI_HOST: 'pbx.local' })).toThrow(TelephonyConfigError);
  });

  it('builds an AMI adapter that calls through the configured PBX', async () => {
    const server = await FakeAmiServer.start();
    const outcomes: CallOutcome[] = [];
    const adapter = createTelephonyFromEnv(
      { AMI_HOST: '127.0.0.1', AMI_PORT: String(server.port), AMI_USERNAME: 'crm', AMI_SECRET: 's3cret' },
      {
        onOutcome: (outcome) => {
          outcomes.push(outcome);
        },
        clientFactory: (options) => new AmiClient({ ...options, actionTimeoutMs: 300, pingIntervalMs: 0 }),
      },
    );
    try {
      expect(adapter.kind).toBe('ami');
      // Lazy: nothing connects before the first call.
      expect(server.connectionCount).toBe(0);
      expect((await adapter.originate({ ...request, linePrefix: '0' })).status).toBe('queued');
      expect(server.actionsNamed('Originate')[0]?.get('Exten')).toBe('05321112233');
      await waitUntil(() => outcomes.length === 1);
      expect(outcomes[0]?.status).toBe('answered');
    } finally {
      await adapter.close();
      await server.close();
    }
    expect(server.actionsNamed('Logoff')).toHaveLength(1);
  });
});
