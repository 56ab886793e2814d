import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import type { AdapterLog } from '../../src/server/adapters/adapter-log';
import {
  createOutboxMailAdapter,
  createSmtpMailAdapter,
  type MailAdapter,
  type MailMessage,
} from '../../src/server/adapters/mail/mail';
import { buildServer } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/database';
import { migrations, runMigrations } from '../../src/server/db/migrate';
import type { Database } from '../../src/server/db/schema';
import { EMAIL_TEMPLATES, seedLeadDetailTemplates } from '../../src/server/seed/lead-detail-data';
import { createMailJob } from '../../src/server/jobs/mail-job';
import type { CallResult } from '../../src/shared/contract';
import { messages } from '../../src/shared/i18n/messages';
import {
  DEMO_PASSWORD,
  failureMessage,
  okAnswer,
  startDemoServer,
  type DemoServer,
} from './support/demo-server';
import { get, login, postForm } from './support/http';
import { startSmtpSink } from './support/smtp-sink';

let server: DemoServer;
let db: Kysely<Database>;
/** Retention has the emailler module and sees the leads whose retention_id is theirs. */
let token: string;
let retentionId: number;
let welcomeId: number;

const processEmail = (body: Record<string, unknown>, as = token) =>
  postForm(server.app, '/api/process-email/', body, as);

async function lead(values: {
  name: string;
  email: string | null;
  retention_id?: number | null;
}): Promise<number> {
  const row = await db
    .insertInto('leads')
    .values({ retention_id: retentionId, team_id: server.users.sales.team_id, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function emailRow(id: number | undefined) {
  return db
    .selectFrom('lead_emails')
    .selectAll()
    .where('id', '=', id ?? 0)
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
  token = await login(server.app, 'retention@demo.crm', DEMO_PASSWORD);
  retentionId = (
    await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'retention@demo.crm')
      .executeTakeFirstOrThrow()
  ).id;
  welcomeId = (
    await db
      .selectFrom('email_templates')
      .select('id')
      .where('name', '=', 'Hoş Geldiniz')
      .executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => {
  await server.close();
});

describe('option list 128', () => {
  it('lists the e-mail templates from their own table', async () => {
    const answer = okAnswer<CallResult<'getOption'>>(await get(server.app, '/api/getOption/128', token));
    expect(answer.options.map((o) => o.label).sort()).toEqual(EMAIL_TEMPLATES.map((t) => t.name).sort());
    expect(answer.options.find((o) => o.label === 'Hoş Geldiniz')?.value).toBe(welcomeId);
  });
});

describe('delivery through a real SMTP server', () => {
  it('queues a rendered Turkish e-mail and the scheduler sends it over SMTP (UTF-8)', async () => {
    const sink = await startSmtpSink();
    const app = await buildServer({
      database: server.database,
      webRoot: '/nonexistent-web-root',
      mailEnv: { SMTP_URL: sink.url, SMTP_FROM: 'crm@araci.test' },
      mailIntervalMs: 100,
    });
    try {
      const leadId = await lead({ name: 'Çağla Öztürk', email: 'cagla.ozturk@example.com' });
      const queued = okAnswer<CallResult<'processEmail'>>(
        await postForm(
          app,
          '/api/process-email/',
          { lead_id: leadId, template_id: welcomeId, start: 'now' },
          token,
        ),
      );
      expect(queued).toMatchObject({ success: true, msg: messages.emailQueued });

      const mail = await sink.waitFor('cagla.ozturk@example.com');
      expect(mail.from).toBe('crm@araci.test');
      expect(mail.headers.get('subject')).toBe('Hoş geldiniz, Çağla Öztürk');
      expect(mail.headers.get('content-type')).toMatch(/charset=utf-8/i);
      expect(mail.text).toContain('Sayın Çağla Öztürk,');
      expect(mail.text).toContain('Müşteri temsilciniz Gizem Yıldırım en kısa sürede');

      for (let tries = 0; (await emailRow(queued.id)).status !== 'sent' && tries < 100; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const row = await emailRow(queued.id);
      expect(row).toMatchObject({ status: 'sent', error: null, agent_id: retentionId, attempts: 1 });
      expect(row.sent_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

      const listed = okAnswer<CallResult<'leadEmails'>>(
        await postForm(app, `/api/emails/${leadId}`, {}, token),
      ).results;
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({
        id: queued.id,
        template_name: 'Hoş Geldiniz',
        subject: 'Hoş geldiniz, Çağla Öztürk',
        status: 'sent',
        agent_name: 'Gizem Yıldırım',
      });
    } finally {
      await app.close();
      await sink.close();
    }
  });
});

describe('send time', () => {
  it('queues with an offset or a custom date and sends nothing before its time', async () => {
    const leadId = await lead({ name: 'Zamanlı Kişi', email: 'zaman@example.com' });
    const later = okAnswer<CallResult<'processEmail'>>(
      await processEmail({ lead_id: leadId, template_id: welcomeId, start: 15 }),
    );
    const now = okAnswer<CallResult<'processEmail'>>(
      await processEmail({ lead_id: leadId, template_id: welcomeId }),
    );
    const minutesApart =
      (Date.parse(later.start?.replace(' ', 'T') ?? '') - Date.parse(now.start?.replace(' ', 'T') ?? '')) /
      60_000;
    expect(minutesApart).toBeGreaterThanOrEqual(14.9);
    expect(minutesApart).toBeLessThanOrEqual(15.1);
    const custom = okAnswer<CallResult<'processEmail'>>(
      await processEmail({ lead_id: leadId, template_id: welcomeId, start: '2099-05-01 09:30:00' }),
    );
    expect(custom.start).toBe('2099-05-01 09:30:00');

    const scheduler = createMailJob({ db, adapter: createOutboxMailAdapter(db) });
    await scheduler.runDue();
    expect((await emailRow(now.id)).status).toBe('sent');
    expect((await emailRow(later.id)).status).toBe('queued');
    expect((await emailRow(custom.id)).status).toBe('queued');
    // The embedded default adapter: the outbox table holds what went out.
    const outbox = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to', '=', 'zaman@example.com')
      .execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.subject).toBe('Hoş geldiniz, Zamanlı Kişi');
  });

  it('refuses send times outside the list, impossible dates and an end before the start', async () => {
    const leadId = await lead({ name: 'Zaman Hatası', email: 'hata@example.com' });
    for (const start of ['16', '-15', '2025-02-30 10:00:00', 'yarın']) {
      expect(
        failureMessage(await processEmail({ lead_id: leadId, template_id: welcomeId, start }), 400),
      ).toBe(messages.emailSendTimeInvalid);
    }
    const end = await processEmail({
      lead_id: leadId,
      template_id: welcomeId,
      start: '2099-05-01 09:30:00',
      end: '2099-05-01 09:00:00',
    });
    expect(failureMessage(end, 400)).toBe(messages.emailEndBeforeStart);
  });
});

describe('refusals', () => {
  it('needs a template, a known template and a lead with an e-mail address', async () => {
    const withMail = await lead({ name: 'Adresli', email: 'adresli@example.com' });
    const withoutMail = await lead({ name: 'Adressiz', email: null });
    const badMail = await lead({ name: 'Bozuk', email: 'bozuk\r\nBcc: x@example.com' });
    expect(failureMessage(await processEmail({ lead_id: withMail, template_id: '' }), 400)).toBe(
      messages.emailTemplateRequired,
    );
    expect(failureMessage(await processEmail({ lead_id: withMail, template_id: 99999 }), 404)).toBe(
      messages.emailTemplateNotFound,
    );
    expect(failureMessage(await processEmail({ lead_id: withoutMail, template_id: welcomeId }), 400)).toBe(
      messages.emailLeadHasNoAddress,
    );
    expect(failureMessage(await processEmail({ lead_id: badMail, template_id: welcomeId }), 400)).toBe(
      messages.emailLeadAddressInvalid,
    );
  });

  it('answers 404 for a lead outside the scope and 403 without the e-mail module', async () => {
    const foreign = await lead({ name: 'Başkasının', email: 'baska@example.com', retention_id: null });
    expect(failureMessage(await processEmail({ lead_id: foreign, template_id: welcomeId }), 404)).toBe(
      messages.recordNotFound,
    );
    expect(failureMessage(await postForm(server.app, `/api/emails/${foreign}`, {}, token), 404)).toBe(
      messages.recordNotFound,
    );
    // The sales agent sees the lead (own team) but has no emailler tab.
    expect(
      failureMessage(
        await processEmail({ lead_id: foreign, template_id: welcomeId }, server.users.sales.token),
        403,
      ),
    ).toBe(messages.forbidden);
    expect((await postForm(server.app, '/api/process-email/', { lead_id: foreign })).statusCode).toBe(401);
  });
});

/** An AdapterLog that keeps what was written at warn. */
function recordingLog(): AdapterLog & { warnings: Record<string, unknown>[] } {
  const warnings: Record<string, unknown>[] = [];
  return { warnings, warn: (details) => warnings.push(details), info: () => undefined };
}

/** A port on 127.0.0.1 where nothing listens (taken, then released). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('failed delivery through SMTP', () => {
  async function sendOnce(adapter: MailAdapter, address: string) {
    await createMailJob({ db, adapter: createOutboxMailAdapter(db) }).runDue();
    const leadId = await lead({ name: 'Gönderilemeyen', email: address });
    const queued = okAnswer<CallResult<'processEmail'>>(
      await processEmail({ lead_id: leadId, template_id: welcomeId }),
    );
    const log = recordingLog();
    const result = await createMailJob({ db, adapter, maxAttempts: 1, log }).runDue();
    await adapter.close();
    return { result, row: await emailRow(queued.id), log, leadId };
  }

  it('stores "E-posta sunucusuna bağlanılamadı" when the server refuses the connection, and logs why', async () => {
    const port = await closedPort();
    const adapter = createSmtpMailAdapter({ url: `smtp://127.0.0.1:${port}`, from: 'crm@araci.test' });
    const { result, row, log, leadId } = await sendOnce(adapter, 'baglanti@example.com');
    expect(result).toEqual({ sent: 0, failed: 1, retrying: 0 });
    expect(row).toMatchObject({ status: 'failed', error: 'E-posta sunucusuna bağlanılamadı' });
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]).toMatchObject({ adapter: 'smtp', final: true, code: 'ESOCKET' });
    expect(String(log.warnings[0]?.reason)).toContain('ECONNREFUSED');
    // The E-Mail tab shows the same Turkish reason, and nothing technical.
    const listed = okAnswer<CallResult<'leadEmails'>>(
      await postForm(server.app, `/api/emails/${leadId}`, {}, token),
    ).results;
    expect(listed[0]).toMatchObject({ status: 'failed', error: messages.mailServerUnreachable });
    expect(JSON.stringify(listed)).not.toContain('ECONNREFUSED');
  });

  it('stores a Turkish reason when the server refuses the recipient', async () => {
    const sink = await startSmtpSink({ refuseRecipients: ['yok@example.com'] });
    try {
      const adapter = createSmtpMailAdapter({ url: sink.url, from: 'crm@araci.test' });
      const { row, log } = await sendOnce(adapter, 'yok@example.com');
      expect(row).toMatchObject({ status: 'failed', error: messages.mailRecipientRejected });
      expect(log.warnings[0]).toMatchObject({ code: 'EENVELOPE', responseCode: 550 });
      expect(String(log.warnings[0]?.reason)).toContain('Mailbox unavailable');
      expect(sink.received).toEqual([]);
    } finally {
      await sink.close();
    }
  });
});

describe('mail scheduler', () => {
  it('retries a failing send, then marks it failed with the reason; expired e-mails fail without sending', async () => {
    // Nothing else may be due for this scheduler.
    await createMailJob({ db, adapter: createOutboxMailAdapter(db) }).runDue();
    const leadId = await lead({ name: 'Hatalı Gönderim', email: 'hatali@example.com' });
    const queued = okAnswer<CallResult<'processEmail'>>(
      await processEmail({ lead_id: leadId, template_id: welcomeId }),
    );
    const sent: MailMessage[] = [];
    let fail = true;
    const flaky: MailAdapter = {
      kind: 'smtp',
      send: (message) => {
        if (fail) return Promise.reject(new Error('421 Servis kullanılamıyor'));
        sent.push(message);
        return Promise.resolve();
      },
      close: () => Promise.resolve(),
    };
    const log = recordingLog();
    const scheduler = createMailJob({ db, adapter: flaky, maxAttempts: 2, log });
    expect(await scheduler.runDue()).toEqual({ sent: 0, failed: 0, retrying: 1 });
    // The user reads a Turkish reason; the server's own words go to the log only.
    expect(await emailRow(queued.id)).toMatchObject({ status: 'queued', error: messages.mailNotSent });
    expect(log.warnings).toEqual([
      expect.objectContaining({ emailId: queued.id, final: false, reason: '421 Servis kullanılamıyor' }),
    ]);
    // Not again before the retry delay has passed.
    expect(await scheduler.runDue()).toEqual({ sent: 0, failed: 0, retrying: 0 });
    await db
      .updateTable('lead_emails')
      .set({ locked_until: null })
      .where('id', '=', queued.id ?? 0)
      .execute();
    expect(await scheduler.runDue()).toEqual({ sent: 0, failed: 1, retrying: 0 });
    expect(await emailRow(queued.id)).toMatchObject({ status: 'failed', attempts: 2 });

    const expired = okAnswer<CallResult<'processEmail'>>(
      await processEmail({ lead_id: leadId, template_id: welcomeId }),
    );
    await db
      .updateTable('lead_emails')
      .set({ end: '2000-01-01 00:00:00' })
      .where('id', '=', expired.id ?? 0)
      .execute();
    fail = false;
    expect(await scheduler.runDue()).toEqual({ sent: 0, failed: 1, retrying: 0 });
    expect(await emailRow(expired.id)).toMatchObject({ status: 'failed', error: messages.emailExpired });
    expect(sent).toEqual([]);
  });

  it('never sends one e-mail twice when two schedulers run at once', async () => {
    await createMailJob({ db, adapter: createOutboxMailAdapter(db) }).runDue();
    const leadId = await lead({ name: 'Çift Gönderim', email: 'cift@example.com' });
    for (let i = 0; i < 5; i += 1) await processEmail({ lead_id: leadId, template_id: welcomeId });
    const outbox = createOutboxMailAdapter(db);
    const [a, b] = await Promise.all([
      createMailJob({ db, adapter: outbox, batchSize: 2 }).runDue(),
      createMailJob({ db, adapter: outbox, batchSize: 2 }).runDue(),
    ]);
    expect(a.sent + b.sent).toBe(5);
    const rows = await db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to', '=', 'cift@example.com')
      .execute();
    expect(rows).toHaveLength(5);
  });
});

describe('migration 004 on a database from before it', () => {
  it('moves option list 128 into email_templates and the seed fills in the bodies it knows', async () => {
    const old = await openDatabase({ migrate: false });
    try {
      const before = migrations.filter((m) => m.id < '004');
      await runMigrations(old.db, before);
      await old.db
        .insertInto('option_lists')
        .values({ id: 128, name: 'E-posta Şablonları', source: 'values' })
        .execute();
      await old.db
        .insertInto('option_values')
        .values([
          { list_id: 128, value: '1', label: 'Hoş Geldiniz' },
          { list_id: 128, value: '7', label: 'Özel Şablon' },
        ])
        .execute();

      await runMigrations(old.db);
      const list = await old.db
        .selectFrom('option_lists')
        .select('source')
        .where('id', '=', 128)
        .executeTakeFirstOrThrow();
      expect(list.source).toBe('email_templates');
      expect(
        await old.db.selectFrom('option_values').select('id').where('list_id', '=', 128).execute(),
      ).toEqual([]);

      // The reference seed's template section (the rest of it needs a full reference data set).
      await seedLeadDetailTemplates(old.db);
      const templates = await old.db.selectFrom('email_templates').selectAll().orderBy('id').execute();
      expect(templates.map((t) => [t.id, t.name])).toEqual([
        [1, 'Hoş Geldiniz'],
        [7, 'Özel Şablon'],
      ]);
      expect(templates[0]?.body).toContain('Sayın {name},');
      // Unknown to the seed: stays empty, and process-email refuses it until an admin writes it.
      expect(templates[1]?.body).toBe('');
      const next = await old.db
        .insertInto('email_templates')
        .values({ name: 'Yeni' })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(next.id).toBe(8);
    } finally {
      await old.close();
    }
  });
});
