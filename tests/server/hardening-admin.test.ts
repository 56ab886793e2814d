import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import type { Database } from '../../src/server/db/schema';
import { format, messages } from '../../src/shared/i18n/messages';
import { periodicReportMessages } from '../../src/shared/i18n/periodic-report-messages';
import { restrictionMessages } from '../../src/shared/i18n/server-texts';
import {
  DEMO_PASSWORD,
  failureMessage,
  okAnswer,
  startDemoServer,
  type DemoServer,
} from './support/demo-server';
import { login, postForm, postJson } from './support/http';

/**
 * Admins decide where data may go and what each group opens (docs/security.md#report-mail-domains):
 * scheduled reports only to allowed domains, the parser's refusals in Turkish, and every screen's calls
 * behind the permission its menu entry checks.
 */

let server: DemoServer;
let db: Kysely<Database>;
const tokens: Record<'manager' | 'finance', string> = { manager: '', finance: '' };

async function dbTime(minutes: number): Promise<string> {
  const { rows } = await sql<{
    t: string;
  }>`select to_char(localtimestamp + make_interval(mins => ${minutes}::int),
    'YYYY-MM-DD HH24:MI') as t`.execute(db);
  return String(rows[0]?.t);
}

async function setScreen(department: string, screen: string, values: { show: number; update?: number }) {
  const { id } = await db
    .selectFrom('users')
    .select('user_group_id as id')
    .where('email', '=', `${department}@demo.crm`)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('permissions')
    .set(values)
    .where('user_group_id', '=', id)
    .where('table_name', '=', screen)
    .execute();
  await server.app.crmInvalidation.publish({ kind: 'permissions' });
}

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
  tokens.manager = await login(server.app, 'sales_manager@demo.crm', DEMO_PASSWORD);
  tokens.finance = await login(server.app, 'finance@demo.crm', DEMO_PASSWORD);
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('scheduled report receivers', () => {
  const save = async (receiver: string, app = server.app, token = tokens.manager) =>
    postForm(
      app,
      '/api/reportBuilder/savePeriod',
      { name: 'Haftalık', period: 7, next_send_date: await dbTime(60), type: 'monthly', receiver },
      token,
    );

  it('without REPORT_MAIL_DOMAINS, go only to the domains of the admins’ own addresses', async () => {
    expect(failureMessage(await save('mudur@demo.crm, disari@gmail.com'), 400)).toBe(
      format(periodicReportMessages.receiverDomainNotAllowed, {
        address: 'disari@gmail.com',
        domains: 'demo.crm',
      }),
    );
    okAnswer(await save('mudur@demo.crm'));
  });

  it('with REPORT_MAIL_DOMAINS, go only to those domains and below them', async () => {
    const app = await buildServer({
      database: server.database,
      webRoot: '/nonexistent-web-root',
      reportMailDomains: 'firma.com.tr, @ornek.com',
    });
    try {
      const token = await login(app, 'sales_manager@demo.crm', DEMO_PASSWORD);
      okAnswer(await save('mudur@firma.com.tr, rapor@mail.firma.com.tr, a@ornek.com', app, token));
      for (const outside of ['a@firma.com.tr.kotu.com', 'a@demo.crm', 'a@kotufirma.com.tr']) {
        expect(failureMessage(await save(outside, app, token), 400)).toBe(
          format(periodicReportMessages.receiverDomainNotAllowed, {
            address: outside,
            domains: 'firma.com.tr, ornek.com',
          }),
        );
      }
    } finally {
      await app.close();
    }
  });

  it('refuses a nonsense REPORT_MAIL_DOMAINS at start', async () => {
    await expect(
      buildServer({
        database: server.database,
        webRoot: '/nonexistent-web-root',
        reportMailDomains: 'gmail',
      }),
    ).rejects.toThrow(/REPORT_MAIL_DOMAINS/);
  });
});

describe('the permission editor words the parser’s refusals in Turkish', () => {
  it('answers a broken restriction without PostgreSQL’s English text', async () => {
    const leads = await db
      .selectFrom('crm_tables')
      .select('id')
      .where('table_name', '=', 'leads')
      .executeTakeFirstOrThrow();
    const group = await db.selectFrom('user_groups').select('id').orderBy('id').executeTakeFirstOrThrow();
    for (const [extra, expected] of [
      ['agent_id = = 3', format(restrictionMessages.syntaxNear, { near: '=' })],
      ['agent_id = (1', restrictionMessages.syntaxEnd],
    ] as const) {
      const answer = await postJson(
        server.app,
        '/api/permission/preview/',
        { user_group_id: group.id, table_id: leads.id, extra_sql: extra },
        server.users.admin.token,
      );
      const msg = failureMessage(answer, 400);
      expect(msg).toContain(expected);
      expect(msg).not.toMatch(/syntax error|at or near|end of input/i);
    }
  });
});

describe('every screen’s calls check the permission its menu entry checks', () => {
  it('bids: without the screen, no offer templates are listed and no offer is saved', async () => {
    const template = okAnswer<{ id: number }>(
      await postJson(
        server.app,
        '/api/bids/save/',
        {
          name: 'Altın Paket',
          questions: [
            { text: 'Paket', type: 'cat', answers: [{ text: 'Altın', priceCalc: true, priceVal: '100' }] },
          ],
        },
        server.users.admin.token,
      ),
    );
    const lead = await db.selectFrom('leads').select('id').orderBy('id').executeTakeFirstOrThrow();
    // Finance's group has no bids screen.
    expect(failureMessage(await postForm(server.app, '/api/bids', {}, tokens.finance), 403)).toBe(
      messages.forbidden,
    );
    expect(
      failureMessage(await postForm(server.app, `/api/bids/${template.id}`, {}, tokens.finance), 403),
    ).toBe(messages.forbidden);
    expect(
      failureMessage(
        await postJson(
          server.app,
          `/api/bidSet/${lead.id}`,
          { template_id: template.id, values: ['Altın'] },
          tokens.finance,
        ),
        403,
      ),
    ).toBe(messages.forbidden);

    // The manager has it; taken away, the same calls are refused.
    okAnswer(await postForm(server.app, '/api/bids', {}, tokens.manager));
    okAnswer(
      await postJson(
        server.app,
        `/api/bidSet/${lead.id}`,
        { template_id: template.id, values: ['Altın'] },
        tokens.manager,
      ),
    );
    await setScreen('sales_manager', 'bids', { show: 0 });
    expect(failureMessage(await postForm(server.app, '/api/bids', {}, tokens.manager), 403)).toBe(
      messages.forbidden,
    );
    expect(
      failureMessage(
        await postJson(
          server.app,
          `/api/bidSet/${lead.id}`,
          { template_id: template.id, values: ['Altın'] },
          tokens.manager,
        ),
        403,
      ),
    ).toBe(messages.forbidden);
    expect(
      failureMessage(
        await postForm(server.app, `/api/bids/${lead.id}/${template.id}`, {}, tokens.manager),
        403,
      ),
    ).toBe(messages.forbidden);
    await setScreen('sales_manager', 'bids', { show: 1 });

    // Agents prepare offers for their own leads: their group opens the screen (show), nothing more.
    okAnswer(await postForm(server.app, '/api/bids', {}, server.users.sales.token));
    expect(
      failureMessage(
        await postJson(
          server.app,
          '/api/bids/save/',
          { name: 'Ajan Şablonu', questions: [{ text: 'Paket', type: 'cat', answers: [{ text: 'Altın' }] }] },
          server.users.sales.token,
        ),
        403,
      ),
    ).toBe(messages.forbidden);
  });

  it('quiz builder: the screen’s permission, not the department, opens its calls', async () => {
    okAnswer(await postForm(server.app, '/api/quizbuilder/surveys', {}, tokens.manager));
    await setScreen('sales_manager', 'quizbuilder', { show: 0 });
    expect(
      failureMessage(await postForm(server.app, '/api/quizbuilder/surveys', {}, tokens.manager), 403),
    ).toBe(messages.forbidden);
    const saved = await postForm(
      server.app,
      '/api/questions/save/',
      { name: 'Memnuniyet', data: [{ text: 'Memnun musunuz?', type: 'Evet/Hayır', answers: [] }] },
      tokens.manager,
    );
    expect(failureMessage(saved, 403)).toBe(messages.forbidden);
    await setScreen('sales_manager', 'quizbuilder', { show: 1, update: 0 });
    okAnswer(await postForm(server.app, '/api/quizbuilder/surveys', {}, tokens.manager));
    const readOnly = await postForm(
      server.app,
      '/api/questions/save/',
      { name: 'Memnuniyet', data: [{ text: 'Memnun musunuz?', type: 'Evet/Hayır', answers: [] }] },
      tokens.manager,
    );
    expect(failureMessage(readOnly, 403)).toBe(messages.forbidden);
    await setScreen('sales_manager', 'quizbuilder', { show: 1, update: 1 });
  });

  it('hooks: without the screen, its rules are neither listed nor saved', async () => {
    okAnswer(await postForm(server.app, '/api/hooks', {}, tokens.manager));
    await setScreen('sales_manager', 'hooks', { show: 0 });
    expect(failureMessage(await postForm(server.app, '/api/hooks', {}, tokens.manager), 403)).toBe(
      messages.forbidden,
    );
    await setScreen('sales_manager', 'hooks', { show: 1 });
  });
});
