import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOutboxMailAdapter,
  type MailAdapter,
  type MailMessage,
} from '../../src/server/adapters/mail/mail';
import { buildServer } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/database';
import { migrations, runMigrations } from '../../src/server/db/migrate';
import type { Database } from '../../src/server/db/schema';
import { EMAIL_TEMPLATES, seedLeadDetailTemplates } from '../../src/server/seed/lead-detail-data';
import { createMailScheduler } from '../../src/server/services/mail-scheduler';
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

    const scheduler = createMailScheduler({ db, adapter: createOutboxMailAdapter(db) });
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

describe('mail scheduler', () => {
  it('retries a failing send, then marks it failed with the reason; expired e-mails fail without sending', async () => {
    // Nothing else may be due for this scheduler.
    await createMailScheduler({ db, adapter: createOutboxMailAdapter(db) }).runDue();
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
    const scheduler = createMailScheduler({ db, adapter: flaky, maxAttempts: 2 });
    expect(await scheduler.runDue()).toEqual({ sent: 0, failed: 0, retrying: 1 });
    expect(await emailRow(queued.id)).toMatchObject({ status: 'queued', error: '421 Servis kullanılamıyor' });
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
    await createMailScheduler({ db, adapter: createOutboxMailAdapter(db) }).runDue();
    const leadId = await lead({ name: 'Çift Gönderim', email: 'cift@example.com' });
    for (let i = 0; i < 5; i += 1) await processEmail({ lead_id: leadId, template_id: welcomeId });
    const outbox = createOutboxMailAdapter(db);
    const [a, b] = await Promise.all([
      createMailScheduler({ db, adapter: outbox, batchSize: 2 }).runDue(),
      createMailScheduler({ db, adapter: outbox, batchSize: 2 }).runDue(),
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
