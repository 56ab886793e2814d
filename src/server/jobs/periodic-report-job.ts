import { sql, type Kysely, type RawBuilder } from 'kysely';
import { format, messages } from '../../shared/i18n/messages';
import { periodicReportMessages as p } from '../../shared/i18n/periodic-report-messages';
import type { AdapterLog } from '../adapters/adapter-log';
import type { MailAdapter } from '../adapters/mail/mail';
import { describeMailFailure } from '../adapters/mail/mail-failure';
import type { Database } from '../db/schema';
import { isDomainError } from '../domain-errors';
import { xlsxBuffer } from '../modules/export/xlsx-buffer';
import { XLSX_CONTENT_TYPE } from '../modules/export/xlsx-writer';
import { requireAllowedReceivers, type ReportMailDomains } from '../modules/periodic-reports/mail-domains';
import type { PeriodicSheetBuilder } from '../modules/periodic-reports/periodic-sheets';
import { parseReceivers } from '../../shared/domain/receivers';
import { drainBatches } from './batches';
import { storedRangeRule } from '../modules/periodic-reports/service';
import { describeRange, rangeOfRule, type RuleRange } from '../../shared/domain/report-range-rules';
import { workflowMessages } from '../../shared/i18n/workflow-messages';

/** The slot as 'YYYY-MM-DD HH:mm:ss' (a driver may answer a Date). */
function slotText(slot: unknown): string {
  if (slot instanceof Date) {
    const pad = (n: number): string => String(n).padStart(2, '0');
    return `${slot.getFullYear()}-${pad(slot.getMonth() + 1)}-${pad(slot.getDate())} ${pad(slot.getHours())}:${pad(slot.getMinutes())}:00`;
  }
  return String(slot);
}
import type { Job } from './job-types';

export interface PeriodicReportJobOptions {
  db: Kysely<Database>;
  adapter: MailAdapter;
  build: PeriodicSheetBuilder;
  /** Where reports may be mailed, checked again at every send (the setting may have changed since). */
  mailDomains?: ReportMailDomains;
  /** How often the job looks for due reports; default every minute. */
  intervalMs?: number;
  batchSize?: number;
  /** The first retry after a failure waits this long, each next one twice as long (up to maxRetryMinutes). */
  retryMinutes?: number;
  maxRetryMinutes?: number;
  log?: AdapterLog;
}

export interface PeriodicRunResult {
  sent: number;
  failed: number;
}

export interface PeriodicReportJob extends Job {
  runDue(signal?: AbortSignal): Promise<PeriodicRunResult>;
}

export const PERIODIC_REPORT_INTERVAL_MS = 60_000;
/** How long a claimed send stays with one node: far longer than building and sending one report takes. */
const CLAIM_MINUTES = 10;
const RETRY_MINUTES = 1;
const MAX_RETRY_MINUTES = 60;

interface Claimed {
  id: number;
  name: string;
  type: string;
  data: unknown;
  period: number;
  receiver: string;
  user_id: number;
  slot: string;
  attempts: number;
  range_rule: unknown;
}

const now = sql<string>`date_trunc('second', localtimestamp)`;

/** The first date of the schedule after now: next_send_date moved on by whole periods (catch-up sends once). */
const pastNow = (date: RawBuilder<string>): RawBuilder<string> => sql<string>`${date} + make_interval(
  days => period * (floor(extract(epoch from (localtimestamp - ${date})) / (period * 86400))::int + 1))`;

/**
 * Sends each active periodic report when its next_send_date comes, as an xlsx attachment through the mail
 * adapter. A send is claimed in one statement: the due rows are locked with FOR UPDATE SKIP LOCKED and,
 * in the same statement, next_send_date moves past now while sending_for keeps the slot being sent. So two
 * nodes (or two runs) never send one period twice, and a report that was due several times during downtime
 * goes out once. A failed send keeps its slot and is tried again after a growing pause (attempts and the
 * Turkish reason in last_error, which the admin screen shows); a node that dies mid-send leaves its claim
 * to run out (locked_until), after which another node sends it.
 */
export function createPeriodicReportJob(options: PeriodicReportJobOptions): PeriodicReportJob {
  const { db, adapter } = options;
  const batchSize = options.batchSize ?? 20;
  const retryMinutes = options.retryMinutes ?? RETRY_MINUTES;
  const maxRetryMinutes = options.maxRetryMinutes ?? MAX_RETRY_MINUTES;

  async function claim(): Promise<Claimed[]> {
    const { rows } = await sql<Claimed>`update periodic_reports set
        sending_for = coalesce(sending_for, next_send_date),
        next_send_date = case when sending_for is null then ${pastNow(sql`next_send_date`)}
          else next_send_date end,
        locked_until = ${now} + make_interval(mins => ${CLAIM_MINUTES}::integer),
        attempts = attempts + 1
      where id in (
        select id from periodic_reports
        where status = 1 and (
          (sending_for is null and next_send_date <= localtimestamp)
          or (sending_for is not null and locked_until <= localtimestamp))
        order by coalesce(sending_for, next_send_date), id
        limit ${batchSize}
        for update skip locked)
      returning id, name, type, data, period, receiver, user_id, sending_for as slot, attempts,
        range_rule`.execute(db);
    return rows;
  }

  /** The dates this send covers: the rule turned into dates now, for the slot being sent. */
  function rangeOf(report: Claimed): RuleRange | null {
    const rule = storedRangeRule(report.range_rule);
    return rule ? rangeOfRule(rule, slotText(report.slot)) : null;
  }

  async function send(report: Claimed, range: RuleRange | null): Promise<void> {
    if (options.mailDomains) {
      const receivers = parseReceivers(report.receiver);
      await requireAllowedReceivers(db, options.mailDomains, receivers.ok ? receivers.addresses : []);
    }
    const sheet = await options.build({
      type: report.type,
      data: report.data,
      period: report.period,
      user_id: report.user_id,
      slot: report.slot,
      range,
    });
    const day = report.slot.slice(0, 10);
    const content = await xlsxBuffer(sheet);
    await adapter.send({
      to: report.receiver,
      subject: format(p.mailSubject, { name: report.name, date: day }),
      text:
        format(p.mailBody, {
          name: report.name,
          period: p.periods[report.period as keyof typeof p.periods] ?? `${report.period} gün`,
        }) + (range ? `\n\n${workflowMessages.rangeRuleLabel}: ${describeRange(range)}` : ''),
      attachments: [
        { filename: `${safeFileName(report.name)}-${day}.xlsx`, contentType: XLSX_CONTENT_TYPE, content },
      ],
    });
  }

  async function handle(report: Claimed, result: PeriodicRunResult): Promise<void> {
    let range: RuleRange | null = null;
    try {
      range = rangeOf(report);
      await send(report, range);
    } catch (error) {
      const reason = failureReason(error);
      // 1, 2, 4, ... minutes, capped: a mail server that is down for a while is not hammered.
      const wait = Math.min(retryMinutes * 2 ** Math.max(0, report.attempts - 1), maxRetryMinutes);
      options.log?.warn(
        { reportId: report.id, attempt: report.attempts, retryInMinutes: wait, reason: reason.technical },
        'periodic report not sent',
      );
      await db
        .updateTable('periodic_reports')
        .set({
          last_error: reason.message,
          locked_until: sql<string>`${now} + make_interval(secs => ${Math.round(wait * 60)}::integer)`,
        })
        .where('id', '=', report.id)
        .where('sending_for', '=', report.slot)
        .execute();
      result.failed += 1;
      return;
    }
    // Sent: the slot is done. If it took so long that the schedule's next date has passed too (failures
    // through a whole period), that one is covered by this send: the date moves past now.
    await sql`update periodic_reports set sending_for = null, locked_until = null, attempts = 0,
        last_error = null, last_sent_at = ${now},
        last_range = ${range ? JSON.stringify(range) : null}::jsonb,
        next_send_date = case when next_send_date <= localtimestamp then ${pastNow(sql`next_send_date`)}
          else next_send_date end
      where id = ${report.id} and sending_for = ${report.slot}::timestamp`.execute(db);
    result.sent += 1;
  }

  async function runDue(signal?: AbortSignal): Promise<PeriodicRunResult> {
    const result: PeriodicRunResult = { sent: 0, failed: 0 };
    await drainBatches({ claim, handle: (report) => handle(report, result), batchSize, signal });
    return result;
  }

  return {
    name: 'periodic-reports',
    every: options.intervalMs ?? PERIODIC_REPORT_INTERVAL_MS,
    run: ({ signal }) => runDue(signal),
    runDue,
  };
}

/** The Turkish reason kept for the admin, and the technical one for the log. */
function failureReason(error: unknown): { message: string; technical: string } {
  // A report the owner may not (or no longer) see: our own Turkish words.
  if (isDomainError(error)) return { message: error.message, technical: error.message };
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  const response =
    typeof error === 'object' && error !== null && 'responseCode' in error ? error.responseCode : undefined;
  if (code !== undefined || response !== undefined) {
    const failure = describeMailFailure(error);
    return { message: failure.message, technical: failure.technical };
  }
  const technical = error instanceof Error ? error.message : String(error);
  return { message: messages.reportFailed, technical };
}

/** A report name as a file name: letters (Turkish too), digits, dashes. */
function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return cleaned === '' ? 'rapor' : cleaned;
}
