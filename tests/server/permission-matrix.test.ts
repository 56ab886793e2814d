import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import { seedDemoData } from '../../src/server/seed/demo-data';
import { DEPARTMENTS, type Department } from '../../src/shared/domain/constants';
import { accessAllows, callNames, contract, type CallName, type CallSpec } from '../../src/shared/contract';
import { inputNames, MISSING_ID, sampleInput, sendCall } from './support/contract-requests';
import { DEMO_PASSWORD } from './support/demo-server';
import { login } from './support/http';
import { createTestDatabase } from './support/test-database';

/**
 * docs/operations.md#security: every call of the contract, as every department and without a session, answers what the
 * call's declared access says; every call that names a lead answers a lead outside the caller's row
 * restriction exactly as a missing one. The calls come from the contract, so a new call is in the matrix
 * the day it is added (and cannot be added without an access declaration: it is a required field).
 */

let database: DatabaseHandle;
let app: FastifyInstance;
const tokens = {} as Record<Department, string>;
/** Per restricted account: a lead of the demo data outside its row restriction. */
const foreignLead = {} as Record<'sales' | 'retention', number>;

/** Calls that end the session they are sent with: sent with a session of their own. */
const SESSION_ENDING: ReadonlySet<CallName> = new Set<CallName>(['logout']);

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, { leads: 300 });
  app = await buildServer({ database, webRoot: '/nonexistent-web-root' });
  for (const department of DEPARTMENTS) {
    tokens[department] = await login(app, `${department}@demo.crm`, DEMO_PASSWORD);
  }
  const { rows: teamRows } = await sql<{ id: number }>`select l.id from leads l
    where l.team_id is distinct from (select team_id from users where email = 'sales@demo.crm')
    order by l.id limit 1`.execute(database.db);
  const { rows: retentionRows } = await sql<{ id: number }>`select l.id from leads l
    where l.retention_id is distinct from (select id from users where email = 'retention@demo.crm')
    order by l.id limit 1`.execute(database.db);
  foreignLead.sales = Number(teamRows[0]?.id);
  foreignLead.retention = Number(retentionRows[0]?.id);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** The API's own failure shape: JSON { success: false, msg } in words, never a stack or SQL. */
function expectApiFailure(response: LightMyRequestResponse, context: string): string {
  const body = response.json<{ success?: unknown; msg?: unknown }>();
  expect(body.success, context).toBe(false);
  expect(typeof body.msg, context).toBe('string');
  const msg = String(body.msg);
  expect(msg, context).not.toMatch(/\bselect\b|\binsert into\b|\bat \w+ \(|node_modules|\.ts:\d+/i);
  return msg;
}

async function sendAs(name: CallName, department: Department): Promise<LightMyRequestResponse> {
  const token = SESSION_ENDING.has(name)
    ? await login(app, `${department}@demo.crm`, DEMO_PASSWORD)
    : tokens[department];
  return sendCall(app, name, { token });
}

describe('every call declares who may make it', () => {
  it('the declaration agrees with the session flag; a lead input is one the call takes', () => {
    for (const name of callNames) {
      const spec: CallSpec = contract[name];
      expect(spec.access.kind === 'public', name).toBe(!spec.auth);
      if (spec.access.kind === 'departments') expect(spec.access.departments.length, name).toBeGreaterThan(0);
      if (spec.leadInput !== undefined) {
        const names = inputNames(spec);
        expect([...names.path, ...names.query, ...names.body], name).toContain(spec.leadInput);
      }
    }
  });
});

describe.each(callNames.map((name) => [name] as const))('%s', (name) => {
  const spec: CallSpec = contract[name];

  it.skipIf(!spec.auth)('without a session: 401 in the API shape', async () => {
    const response = await sendCall(app, name);
    expect(response.statusCode, response.body).toBe(401);
    expectApiFailure(response, name);
  });

  it('as every department: the declared access, never a 5xx', async () => {
    for (const department of DEPARTMENTS) {
      const response = await sendAs(name, department);
      const context = `${name} as ${department}: ${response.statusCode} ${response.body.slice(0, 300)}`;
      expect(response.statusCode, context).toBeLessThan(500);
      if (!accessAllows(spec.access, department)) {
        expect(response.statusCode, context).toBe(403);
        expect(expectApiFailure(response, context), context).toBe(
          spec.access.kind === 'departments' ? spec.access.refusal : '',
        );
        continue;
      }
      if (response.statusCode >= 400) {
        const msg = expectApiFailure(response, context);
        // An allowed department may be refused by the table's flags, never by the department gate.
        if (spec.access.kind === 'departments') expect(msg, context).not.toBe(spec.access.refusal);
      }
    }
  });
});

/** The calls that name a lead, with the input that reaches the lead check. */
const leadCalls = callNames.filter((name) => (contract[name] as CallSpec).leadInput !== undefined);

describe.each(leadCalls.map((name) => [name] as const))(
  '%s on a lead outside the row restriction',
  (name) => {
    const spec: CallSpec = contract[name];
    const key = spec.leadInput ?? '';

    function probe(account: 'sales' | 'retention', leadId: number): Promise<LightMyRequestResponse> {
      const names = inputNames(spec);
      const body = { ...sampleInput(spec.body) };
      const params: Record<string, unknown> = { ...sampleInput(spec.params) };
      if (names.path.includes(key) || names.query.includes(key)) params[key] = leadId;
      else body[key] = leadId;
      return sendCall(app, name, { token: tokens[account], params, body });
    }

    it.each(['sales', 'retention'] as const)('as %s: the same 404 as a missing lead', async (account) => {
      const department: Department = account;
      if (!accessAllows(spec.access, department)) return;
      const missing = await probe(account, MISSING_ID);
      const foreign = await probe(account, foreignLead[account]);
      expect(missing.statusCode, `${name} missing: ${missing.body}`).toBe(404);
      expectApiFailure(missing, name);
      expect({ status: foreign.statusCode, body: foreign.json<unknown>() }, name).toEqual({
        status: missing.statusCode,
        body: missing.json<unknown>(),
      });
    });
  },
);
