import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { MailAdapter, MailMessage } from '../../src/server/adapters/mail/mail';
import { buildServer } from '../../src/server/app';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { createPeriodicReportJob } from '../../src/server/jobs/periodic-report-job';
import { createMonthlyReportService } from '../../src/server/modules/report-monthly/service';
import { createPeriodicSheetBuilder } from '../../src/server/modules/periodic-reports/periodic-sheets';
import { createReportsService } from '../../src/server/modules/reports/service';
import { createExportFileStore, exportDirectory } from '../../src/server/modules/export/export-files';
import { createReportBuilderService } from '../../src/server/modules/report-builder/service';
import { createOptionsService } from '../../src/server/modules/options/service';
import { createLeadScope } from '../../src/server/engine/lead-scope';
import { getTableRegistry } from '../../src/server/engine/registry';
import { seedDemoData } from '../../src/server/seed/demo-data';
import type { AggregateResult, CallResult } from '../../src/shared/contract';
import { messages } from '../../src/shared/i18n/messages';
import { periodicReportMessages } from '../../src/shared/i18n/periodic-report-messages';
import { reportBuilderMessages } from '../../src/shared/i18n/report-builder-messages';
import { DEMO_PASSWORD, failureMessage, okAnswer } from './support/demo-server';
import { login, postForm } from './support/http';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from './support/smtp-sink';
import { createTestDatabase, type TestDatabase } from './support/test-database';

type MonthlyAnswer = CallResult<'reportMonthly'>;
type PeriodsAnswer = CallResult<'periodicReports'>;

const REFUSED = 'kapali@ornek.com';
const INTERVAL_MS = 100;

let database: TestDatabase;
/** The second node's own pool on PostgreSQL; on PGlite both nodes share the one embedded database. */
let secondHandle: DatabaseHandle | null = null;
let sink: SmtpSink;
let nodeA: FastifyInstance;
let nodeB: FastifyInstance;
let adminToken: string;
let adminId: number;

const db = () => database.db;

async function startNode(handle: DatabaseHandle): Promise<FastifyInstance> {
  return buildServer({
    database: handle,
    webRoot: '/nonexistent-web-root',
    telephonyEnv: {},
    mailEnv: { SMTP_URL: sink.url, SMTP_FROM: 'crm@ornek.com' },
    periodicReportIntervalMs: INTERVAL_MS,
    // The company's domain as an admin allows it (REPORT_MAIL_DOMAINS).
    reportMailDomains: 'ornek.com',
  });
}

/** The database clock moved by `minutes`, as 'YYYY-MM-DD HH:mm'. */
async function dbTime(minutes: number): Promise<string> {
  const { rows } = await sql<{
    t: string;
  }>`select to_char(localtimestamp + make_interval(mins => ${minutes}::int),
    'YYYY-MM-DD HH24:MI') as t`.execute(db());
  return String(rows[0]?.t);
}

const save = (body: Record<string, unknown>, token = adminToken) =>
  postForm(nodeA, '/api/reportBuilder/savePeriod', body, token);

async function reportRow(id: number) {
  return db().selectFrom('periodic_reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

const mailsTo = (address: string): ReceivedMail[] =>
  sink.received.filter((mail) => mail.to.includes(address));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The attachments of a multipart mail: name and decoded bytes (enough MIME for what nodemailer writes). */
function attachments(mail: ReceivedMail): { name: string; type: string; bytes: Buffer }[] {
  const boundary = /boundary="?([^";]+)"?/.exec(mail.headers.get('content-type') ?? '')?.[1];
  if (!boundary) return [];
  return mail.raw.split(`--${boundary}`).flatMap((part) => {
    const split = part.indexOf('\r\n\r\n');
    const head = part.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
    const name = fileNameOf(head);
    const type = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1] ?? '';
    if (split < 0 || !name) return [];
    return [{ name, type, bytes: Buffer.from(part.slice(split + 4).replace(/\s+/g, ''), 'base64') }];
  });
}

/** filename="…", or RFC 2231's filename*0*=utf-8''…, filename*1*=… (how nodemailer writes non-ASCII names). */
function fileNameOf(head: string): string | undefined {
  const plain = /filename="?([^";\r\n]+)"?/.exec(head)?.[1];
  if (plain !== undefined) return plain;
  const pieces = [...head.matchAll(/filename\*(\d+)\*?="?([^";\s]+)"?/g)]
    .sort((a, b) => Number(a[1]) - Number(b[1]))
    .map((match) => match[2] ?? '');
  if (pieces.length === 0) return undefined;
  return decodeURIComponent(pieces.join('').replace(/^utf-8''/i, ''));
}

function sheetRows(bytes: Buffer): unknown[][] {
  const book = XLSX.read(bytes);
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet) throw new Error('no sheet in the attachment');
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, { leads: 300 });
  sink = await startSmtpSink({ refuseRecipients: [REFUSED] });
  // Two server nodes, each with its own job runner, on one database.
  nodeA = await startNode(database);
  secondHandle = database.url ? await openDatabase({ url: database.url }) : null;
  nodeB = await startNode(secondHandle ?? database);
  adminToken = await login(nodeA, 'admin@demo.crm', DEMO_PASSWORD);
  const admin = await db()
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'admin@demo.crm')
    .executeTakeFirstOrThrow();
  adminId = admin.id;
}, 180_000);

afterAll(async () => {
  await nodeA?.close();
  await nodeB?.close();
  await secondHandle?.close();
  await sink?.close();
  await database?.close();
});

describe('POST /reportBuilder/savePeriod', () => {
  it('checks every receiver and says which one is wrong, in Turkish', async () => {
    const body = { name: 'Aylık', period: 7, next_send_date: await dbTime(60), type: 'monthly' };
    expect(failureMessage(await save({ ...body, receiver: 'a@ornek.com, b@' }), 400)).toContain(
      'Geçersiz e-posta adresi: b@',
    );
    expect(failureMessage(await save({ ...body, receiver: ' , ' }), 400)).toContain(
      periodicReportMessages.receiverRequired,
    );
    expect(failureMessage(await save({ ...body, receiver: 'a@ornek.com', period: 3 }), 400)).toContain(
      periodicReportMessages.periodInvalid,
    );
  });

  it('is for admins and managers only', async () => {
    const salesToken = await login(nodeA, 'sales@demo.crm', DEMO_PASSWORD);
    const body = { name: 'X', period: 1, receiver: 'a@ornek.com', next_send_date: await dbTime(60) };
    expect(failureMessage(await save(body, salesToken), 403)).toBe(periodicReportMessages.notAllowed);
  });
});

describe('the periodic report job with two server nodes', () => {
  it('sends a due report once, as a valid xlsx, and moves next_send_date one period on', async () => {
    const receiver = 'mudur@ornek.com';
    const first = await dbTime(-1);
    const saved = okAnswer<{ success: boolean; msg: string; id: number }>(
      await save({
        name: 'Aylık özet',
        period: 1,
        receiver: `${receiver}, ikinci@ornek.com`,
        next_send_date: first,
        type: 'monthly',
      }),
    );
    expect(saved.msg).toBe(messages.periodicReportSaved);
    const mail = await sink.waitFor(receiver, 15_000);
    // Both nodes look every 100 ms: give them many rounds to send it a second time, which they must not.
    await pause(20 * INTERVAL_MS);
    expect(mailsTo(receiver)).toHaveLength(1);
    expect(mail.to).toEqual([receiver, 'ikinci@ornek.com']);
    expect(mail.headers.get('subject')).toBe(`Aylık özet (${first.slice(0, 10)})`);

    const [file] = attachments(mail);
    expect(file?.name).toBe(`Aylık-özet-${first.slice(0, 10)}.xlsx`);
    expect(file?.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = sheetRows(file?.bytes ?? Buffer.alloc(0));
    // The same numbers as the screen shows the report's owner.
    const year = Number(first.slice(0, 4));
    const screen = okAnswer<MonthlyAnswer>(
      await postForm(nodeA, '/api/report/monthly', { year }, adminToken),
    );
    expect(rows).toHaveLength(1 + 12 + 1);
    expect(rows[0]?.[0]).toBe(periodicReportMessages.monthly.month);
    for (const [index, month] of screen.months.entries()) {
      expect(rows[index + 1]?.slice(0, 2)).toEqual([month.month, month.leads]);
    }
    expect(rows[13]?.[1]).toBe(screen.totals.leads);

    const row = await reportRow(saved.id);
    expect(row).toMatchObject({ attempts: 0, last_error: null, sending_for: null, locked_until: null });
    expect(row.last_sent_at).not.toBeNull();
    expect(row.next_send_date.slice(0, 16)).toBe(await addDays(first, 1));
  });

  it('sends a report saved in the report builder, with the rows the builder shows its owner', async () => {
    const start = (await dbTime(-60 * 24 * 60)).slice(0, 10);
    const end = (await dbTime(0)).slice(0, 10);
    const form = {
      table: 'leads',
      reportType: 'custom',
      valueType: 'COUNT',
      xaxis: 'status_id',
      filters: [{ name: 'created_at', type: 10, value: { start, end } }],
    };
    const report = okAnswer<CallResult<'saveReport'>>(
      await postForm(
        nodeA,
        '/api/reportBuilder/saveReport',
        { name: 'Durumlar', report_values: form },
        adminToken,
      ),
    ).report;
    const body = { name: 'Durum raporu', period: 7, next_send_date: await dbTime(60), type: 'builder' };
    expect(failureMessage(await save({ ...body, receiver: 'a@ornek.com' }), 400)).toBe(
      periodicReportMessages.savedReportRequired,
    );
    expect(failureMessage(await save({ ...body, receiver: 'a@ornek.com', report_id: 999_999 }), 404)).toBe(
      messages.recordNotFound,
    );

    const receiver = 'durum@ornek.com';
    const periodic = okAnswer<{ id: number }>(
      await save({ ...body, receiver, next_send_date: await dbTime(-1), report_id: report.id }),
    );
    const mail = await sink.waitFor(receiver, 15_000);
    const rows = sheetRows(attachments(mail)[0]?.bytes ?? Buffer.alloc(0));
    const screen = okAnswer<CallResult<'reportBuilder'>>(
      await postForm(nodeA, '/api/reportBuilder', form, adminToken),
    );
    const result = screen.return as AggregateResult;
    expect(result.rows.length).toBeGreaterThan(1);
    expect(rows[0]).toEqual([
      result.xLabel,
      ...result.series.map((series) => series.label),
      reportBuilderMessages.total,
    ]);
    expect(rows.slice(1).map((row) => [row[0], row.at(-1)])).toEqual(
      result.rows.map((row) => [row.label, Number(row.total)]),
    );
    expect(await reportRow(periodic.id)).toMatchObject({ table: 'leads', data: { reportId: report.id } });

    // A saved report deleted later: the send stays owed and says why on the admin's screen.
    okAnswer(await postForm(nodeA, '/api/reportBuilder/deleteReport', { id: report.id }, adminToken));
    await db()
      .updateTable('periodic_reports')
      .set({ next_send_date: await dbTime(-1) })
      .where('id', '=', periodic.id)
      .execute();
    await expect
      .poll(async () => (await reportRow(periodic.id)).last_error, { timeout: 15_000 })
      .toBe(periodicReportMessages.savedReportMissing);
  });

  it('catches up after downtime with one send and the next date past now', async () => {
    const receiver = 'gec@ornek.com';
    const missed = await dbTime(-(3 * 24 * 60 + 90));
    const saved = okAnswer<{ id: number }>(
      await save({
        name: 'Haftalık',
        period: 1,
        receiver,
        next_send_date: missed,
        type: 'utm',
        utmKey: 'utm_source',
      }),
    );
    await sink.waitFor(receiver, 15_000);
    await pause(20 * INTERVAL_MS);
    expect(mailsTo(receiver)).toHaveLength(1);
    const row = await reportRow(saved.id);
    // Three missed days and today's: one send, then the first date of the schedule after now.
    expect(row.next_send_date.slice(0, 16)).toBe(await addDays(missed, 4));
    expect(row.next_send_date > (await dbTime(0))).toBe(true);
    const rows = sheetRows(attachments(mailsTo(receiver)[0] as ReceivedMail)[0]?.bytes ?? Buffer.alloc(0));
    expect(rows[0]?.[0]).toBe(periodicReportMessages.sheet.group);
  });

  it('keeps a refused send owed, shows why to the admin and does not hammer the server', async () => {
    const saved = okAnswer<{ id: number }>(
      await save({
        name: 'Reddedilen',
        period: 7,
        receiver: REFUSED,
        next_send_date: await dbTime(-1),
        type: 'agent',
      }),
    );
    let row = await reportRow(saved.id);
    for (let i = 0; i < 100 && row.last_error === null; i += 1) {
      await pause(INTERVAL_MS);
      row = await reportRow(saved.id);
    }
    await pause(10 * INTERVAL_MS);
    row = await reportRow(saved.id);
    expect(row.attempts).toBe(1);
    expect(row.last_error).toBe(messages.mailRecipientRejected);
    expect(row.sending_for).not.toBeNull();
    expect(mailsTo(REFUSED)).toHaveLength(0);
    const list = okAnswer<PeriodsAnswer>(await postForm(nodeB, '/api/reportBuilder/periods', {}, adminToken));
    const shown = list.results.find((report) => report.id === saved.id);
    expect(shown).toMatchObject({ attempts: 1, last_error: messages.mailRecipientRejected, type: 'agent' });
    expect(shown?.retry_at).not.toBeNull();
  });

  it('deletes a report with its journal entry; a second delete answers the same 404 as a foreign one', async () => {
    const saved = okAnswer<{ id: number }>(
      await save({
        name: 'Silinecek',
        period: 30,
        receiver: 'sil@ornek.com',
        next_send_date: await dbTime(600),
      }),
    );
    const removed = okAnswer<{ msg: string }>(
      await postForm(nodeA, `/api/reportBuilder/deletePeriod/${saved.id}`, {}, adminToken),
    );
    expect(removed.msg).toBe(periodicReportMessages.deleted);
    const journal = await db()
      .selectFrom('admin_journal')
      .select(['action', 'actor_id'])
      .where('target_table', '=', 'periodic_reports')
      .where('target_id', '=', saved.id)
      .orderBy('id')
      .execute();
    expect(journal).toEqual([
      { action: 'periodic_report_create', actor_id: adminId },
      { action: 'periodic_report_delete', actor_id: adminId },
    ]);
    expect(
      failureMessage(
        await postForm(nodeA, `/api/reportBuilder/deletePeriod/${saved.id}`, {}, adminToken),
        404,
      ),
    ).toBe(messages.recordNotFound);
  });
});

describe('retries and concurrent runs (the job alone)', () => {
  const sent: MailMessage[] = [];
  const working: MailAdapter = {
    kind: 'outbox',
    send: (message) => {
      sent.push(message);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
  const failing: MailAdapter = {
    kind: 'smtp',
    send: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' })),
    close: () => Promise.resolve(),
  };
  const jobWith = (adapter: MailAdapter) => {
    const registry = getTableRegistry(db());
    const leadScope = createLeadScope(db(), registry);
    const options = createOptionsService(db());
    const build = createPeriodicSheetBuilder({
      db: db(),
      monthlyReport: createMonthlyReportService(db(), { registry, leadScope, options }),
      reports: createReportsService(db(), { leadScope, options }),
      reportBuilder: createReportBuilderService(db(), {
        registry,
        leadScope,
        options,
        files: createExportFileStore({ dir: exportDirectory(undefined) }),
      }),
    });
    return createPeriodicReportJob({ db: db(), adapter, build });
  };

  beforeAll(async () => {
    // The nodes stop here: what follows drives the job by hand.
    await nodeA.close();
    await nodeB.close();
    await db().updateTable('periodic_reports').set({ status: 0 }).execute();
  });

  async function insertDue(name: string): Promise<number> {
    const row = await db()
      .insertInto('periodic_reports')
      .values({
        name,
        type: 'monthly',
        table: 'transactions',
        data: JSON.stringify({ trx: 'all' }),
        period: 7,
        receiver: 'x@ornek.com',
        next_send_date: await dbTime(-5),
        user_id: adminId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('retries with a growing pause, then sends once and clears the error', async () => {
    const id = await insertDue('Tekrar');
    expect(await jobWith(failing).runDue()).toEqual({ sent: 0, failed: 1 });
    let row = await reportRow(id);
    expect(row).toMatchObject({ attempts: 1, last_error: messages.mailServerUnreachable });
    // Not again before its pause is over.
    expect(await jobWith(failing).runDue()).toEqual({ sent: 0, failed: 0 });
    const waits = async () =>
      (
        await sql<{ s: number }>`select extract(epoch from locked_until - localtimestamp)::int as s
        from periodic_reports where id = ${id}`.execute(db())
      ).rows[0]?.s ?? 0;
    expect(await waits()).toBeGreaterThan(30);
    expect(await waits()).toBeLessThanOrEqual(60);
    await db()
      .updateTable('periodic_reports')
      .set({ locked_until: await dbTime(-1) })
      .where('id', '=', id)
      .execute();
    expect(await jobWith(failing).runDue()).toEqual({ sent: 0, failed: 1 });
    expect((await reportRow(id)).attempts).toBe(2);
    expect(await waits()).toBeGreaterThan(90);
    await db()
      .updateTable('periodic_reports')
      .set({ locked_until: await dbTime(-1) })
      .where('id', '=', id)
      .execute();
    expect(await jobWith(working).runDue()).toEqual({ sent: 1, failed: 0 });
    row = await reportRow(id);
    expect(row).toMatchObject({ attempts: 0, last_error: null, sending_for: null });
    expect(sent.filter((mail) => mail.subject.startsWith('Tekrar'))).toHaveLength(1);
    await db().updateTable('periodic_reports').set({ status: 0 }).where('id', '=', id).execute();
  });

  it('two runs at once send a due report once', async () => {
    const id = await insertDue('Eşzamanlı');
    const results = await Promise.all([jobWith(working).runDue(), jobWith(working).runDue()]);
    expect(results.reduce((total, result) => total + result.sent, 0)).toBe(1);
    expect(sent.filter((mail) => mail.subject.startsWith('Eşzamanlı'))).toHaveLength(1);
    expect(sent.at(-1)?.attachments?.[0]?.filename).toMatch(/^Eşzamanlı-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(await jobWith(working).runDue()).toEqual({ sent: 0, failed: 0 });
    expect((await reportRow(id)).next_send_date > (await dbTime(0))).toBe(true);
  });

  it('sends nothing for a deactivated owner and says so', async () => {
    const id = await insertDue('Pasif sahip');
    const sales = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'sales2@demo.crm')
      .executeTakeFirstOrThrow();
    await db().updateTable('users').set({ active: 0 }).where('id', '=', sales.id).execute();
    await db().updateTable('periodic_reports').set({ user_id: sales.id }).where('id', '=', id).execute();
    expect(await jobWith(working).runDue()).toEqual({ sent: 0, failed: 1 });
    expect((await reportRow(id)).last_error).toBe(periodicReportMessages.ownerInactive);
  });
});

/** 'YYYY-MM-DD HH:mm' plus whole days, computed by the database (its calendar, its zone). */
async function addDays(time: string, days: number): Promise<string> {
  const { rows } = await sql<{
    t: string;
  }>`select to_char(${time}::timestamp + make_interval(days => ${days}::int),
    'YYYY-MM-DD HH24:MI') as t`.execute(db());
  return String(rows[0]?.t);
}
