import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailAdapter, MailMessage } from '../../src/server/adapters/mail/mail';
import type { Database } from '../../src/server/db/schema';
import { createPeriodicReportJob } from '../../src/server/jobs/periodic-report-job';
import type { PeriodicSource } from '../../src/server/modules/periodic-reports/periodic-sheets';
import type { CallResult } from '../../src/shared/contract';
import { workflowMessages } from '../../src/shared/i18n/workflow-messages';
import { okAnswer, startDemoServer, type DemoServer } from './support/demo-server';
import { login, postForm } from './support/http';

/**
 * A scheduled report keeps its range as a rule and each mail computes the dates when it is sent
 * (docs/user-guide.md#scheduled-reports): two sends of "son 7 gün" a week apart cover two different weeks.
 * The clock is fixed by the slots themselves (next_send_date), which the job sends for.
 */

let server: DemoServer;
let db: Kysely<Database>;
let managerToken: string;
let managerId: number;

const sent: MailMessage[] = [];
const outbox: MailAdapter = {
  kind: 'outbox',
  send: (message) => {
    sent.push(message);
    return Promise.resolve();
  },
  close: () => Promise.resolve(),
};
const built: PeriodicSource[] = [];
const job = () =>
  createPeriodicReportJob({
    db,
    adapter: outbox,
    build: (source) => {
      built.push(source);
      return Promise.resolve({ name: 'Rapor', columns: [{ header: 'Grup', width: 10 }], rows: [['a']] });
    },
  });

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
  managerToken = await login(server.app, 'sales_manager@demo.crm', 'Demo.2026');
  managerId = (
    await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'sales_manager@demo.crm')
      .executeTakeFirstOrThrow()
  ).id;
  // Only the reports of this file are sent by the job below.
  await db.updateTable('periodic_reports').set({ status: 0 }).execute();
}, 180_000);

afterAll(async () => {
  await server?.close();
});

const periods = async () =>
  okAnswer<CallResult<'periodicReports'>>(
    await postForm(server.app, '/api/reportBuilder/periods', {}, managerToken),
  ).results;

describe('range rules', () => {
  it('savePeriod keeps "son 7 gün" as a rule; the list answers it', async () => {
    const saved = okAnswer<CallResult<'savePeriod'>>(
      await postForm(
        server.app,
        '/api/reportBuilder/savePeriod',
        {
          name: 'Haftalık UTM',
          period: 7,
          receiver: 'rapor@demo.crm',
          next_send_date: '2026-01-14 08:00',
          type: 'utm',
          utmKey: 'utm_source',
          range_rule: 'last_7_days',
          // Kept, not sent: the job below sends only the reports it is about.
          status: 0,
        },
        managerToken,
      ),
    );
    const row = (await periods()).find((item) => item.id === saved.id);
    expect(row?.range_rule).toEqual({ kind: 'last_7_days' });
    expect(row?.last_range).toBeNull();
  });

  it('fixed dates in order are kept; a rule that is none is refused in Turkish', async () => {
    const fixed = okAnswer<CallResult<'savePeriod'>>(
      await postForm(
        server.app,
        '/api/reportBuilder/savePeriod',
        {
          name: 'Kasım',
          period: 30,
          receiver: 'rapor@demo.crm',
          next_send_date: '2026-12-01 08:00',
          type: 'agent',
          status: 0,
          range_rule: JSON.stringify({ kind: 'fixed', start: '2025-11-01', end: '2025-11-30' }),
        },
        managerToken,
      ),
    );
    expect((await periods()).find((item) => item.id === fixed.id)?.range_rule).toEqual({
      kind: 'fixed',
      start: '2025-11-01',
      end: '2025-11-30',
    });
    const refused = await postForm(
      server.app,
      '/api/reportBuilder/savePeriod',
      {
        name: 'Bozuk',
        period: 7,
        receiver: 'rapor@demo.crm',
        next_send_date: '2026-12-01 08:00',
        type: 'agent',
        range_rule: 'son yüzyıl',
      },
      managerToken,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ msg: string }>().msg).toContain(workflowMessages.rangeRuleInvalid);
  });

  it('each send computes its range at send time: two weekly mails cover two different weeks', async () => {
    const row = await db
      .insertInto('periodic_reports')
      .values({
        name: 'Son 7 gün',
        type: 'utm',
        table: 'leads',
        data: JSON.stringify({ utmKey: 'utm_source' }),
        period: 7,
        receiver: 'rapor@demo.crm',
        next_send_date: '2026-01-14 08:00:00',
        user_id: managerId,
        range_rule: JSON.stringify({ kind: 'last_7_days' }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    built.length = 0;
    sent.length = 0;
    expect(await job().runDue()).toEqual({ sent: 1, failed: 0 });
    expect(built[0]?.range).toEqual({ start: '2026-01-08 00:00:00', end: '2026-01-14 23:59:59' });
    expect(sent[0]?.text).toContain('08.01.2026 – 14.01.2026');

    // The next week's send (its slot a week later): the week before it, not the first one again.
    await db
      .updateTable('periodic_reports')
      .set({ next_send_date: '2026-01-21 08:00:00' })
      .where('id', '=', row.id)
      .execute();
    expect(await job().runDue()).toEqual({ sent: 1, failed: 0 });
    expect(built[1]?.range).toEqual({ start: '2026-01-15 00:00:00', end: '2026-01-21 23:59:59' });
    const listed = (await periods()).find((item) => item.id === row.id);
    expect(listed?.last_range).toEqual({ start: '2026-01-15 00:00:00', end: '2026-01-21 23:59:59' });
    expect(listed?.last_sent_at).not.toBeNull();
  });

  it('a schedule without a rule keeps covering the period before each send', async () => {
    await db
      .insertInto('periodic_reports')
      .values({
        name: 'Kuralsız',
        type: 'agent',
        table: 'leads',
        data: '{}',
        period: 7,
        receiver: 'rapor@demo.crm',
        next_send_date: '2026-02-10 08:00:00',
        user_id: managerId,
      })
      .execute();
    built.length = 0;
    expect(await job().runDue()).toEqual({ sent: 1, failed: 0 });
    expect(built[0]?.range ?? null).toBeNull();
  });
});
