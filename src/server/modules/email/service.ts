import { sql, type Kysely } from 'kysely';
import type { CallResult, EmailSendTimeInput, LeadEmail } from '../../../shared/contract';
import { messages } from '../../../shared/i18n/messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import type { EngineUser } from '../../engine/types';
import type { LeadScope } from '../../engine/lead-scope';

/** The lead detail tab e-mails belong to (option list 130: emailler). */
export const EMAIL_MODULE = 'emailler';
/** The E-Mail tab shows the latest e-mails; older ones stay in the table. */
const EMAIL_LIST_LIMIT = 200;

export interface ProcessEmailInput {
  lead_id: number;
  template_id?: number | undefined;
  /** Minutes from now (0 = now) or a 'YYYY-MM-DD HH:mm:ss' of the server's local time. */
  start?: number | string | undefined;
  end?: string | undefined;
}

export interface EmailService {
  queue(user: EngineUser, input: ProcessEmailInput): Promise<CallResult<'processEmail'>>;
  list(user: EngineUser, leadId: number): Promise<LeadEmail[]>;
}

/** A deliberately plain check: one @, no spaces or line breaks (which could bend headers), a dot after @. */
const EMAIL_ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

/**
 * {name} (the lead) and {agent} (the sender) filled in; other braces stay as written so a typo in a template is visible
 * in the sent text rather than silently dropped.
 */
export function renderEmailTemplate(template: string, vars: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(vars, key) ? (vars[key] ?? '') : whole,
  );
}

/** A subject is one header line whatever the data says. */
const oneLine = (text: string): string => text.replace(/[\r\n]+/g, ' ').trim();

/** 'YYYY-MM-DD HH:mm:ss' that names a real moment (no 31 February), as the API writes dates. */
function isRealDateTime(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    year >= 2000 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}

export function createEmailService(db: Kysely<Database>, scope: LeadScope): EmailService {
  /** The send time as the database's local time: now plus the offset, or the chosen date. */
  async function resolveStart(start: EmailSendTimeInput | undefined): Promise<string> {
    if (typeof start === 'string') {
      if (!isRealDateTime(start)) throw DomainError.invalid(messages.emailSendTimeInvalid);
      return start;
    }
    const minutes = typeof start === 'number' ? start : 0;
    const { rows } = await sql<{ start: string }>`select to_char(
        date_trunc('second', localtimestamp) + make_interval(mins => ${minutes}::integer),
        'YYYY-MM-DD HH24:MI:SS') as start`.execute(db);
    const row = rows[0];
    if (!row) throw new Error('the database did not answer the time');
    return row.start;
  }

  return {
    async queue(user, input) {
      const lead = await scope.requireLead(user, input.lead_id, {
        module: EMAIL_MODULE,
        columns: ['name', 'email'],
      });
      if (input.template_id === undefined) throw DomainError.invalid(messages.emailTemplateRequired);
      const address = typeof lead.email === 'string' ? lead.email.trim() : '';
      if (address === '') throw DomainError.invalid(messages.emailLeadHasNoAddress);
      if (!EMAIL_ADDRESS.test(address)) throw DomainError.invalid(messages.emailLeadAddressInvalid);
      const template = await db
        .selectFrom('email_templates')
        .select(['id', 'subject', 'body'])
        .where('id', '=', input.template_id)
        .executeTakeFirst();
      if (!template) throw DomainError.notFound(messages.emailTemplateNotFound);
      if (template.body.trim() === '') throw DomainError.invalid(messages.emailTemplateEmpty);

      const start = await resolveStart(input.start);
      if (input.end !== undefined) {
        if (!isRealDateTime(input.end)) throw DomainError.invalid(messages.emailSendTimeInvalid);
        // Same fixed-width format on both sides, so text order is time order.
        if (input.end < start) throw DomainError.invalid(messages.emailEndBeforeStart);
      }
      const sender = await db.selectFrom('users').select('name').where('id', '=', user.id).executeTakeFirst();
      const vars = {
        name: typeof lead.name === 'string' ? lead.name : '',
        agent: sender?.name ?? '',
      };
      const row = await db
        .insertInto('lead_emails')
        .values({
          lead_id: input.lead_id,
          template_id: template.id,
          to_address: address,
          subject: oneLine(renderEmailTemplate(template.subject, vars)),
          body: renderEmailTemplate(template.body, vars),
          agent_id: user.id,
          start,
          end: input.end ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { success: true, msg: messages.emailQueued, id: row.id, start };
    },

    async list(user, leadId) {
      await scope.requireLead(user, leadId, { module: EMAIL_MODULE });
      const rows = await db
        .selectFrom('lead_emails')
        .leftJoin('users', 'users.id', 'lead_emails.agent_id')
        .leftJoin('email_templates', 'email_templates.id', 'lead_emails.template_id')
        .select([
          'lead_emails.id',
          'lead_emails.lead_id',
          'lead_emails.template_id',
          'email_templates.name as template_name',
          'lead_emails.subject',
          'lead_emails.body',
          'lead_emails.agent_id',
          'users.name as agent_name',
          'lead_emails.start',
          'lead_emails.end',
          'lead_emails.status',
          'lead_emails.error',
          'lead_emails.sent_at',
          'lead_emails.created_at',
        ])
        .where('lead_emails.lead_id', '=', leadId)
        .orderBy('lead_emails.id', 'desc')
        .limit(EMAIL_LIST_LIMIT)
        .execute();
      return rows;
    },
  };
}
