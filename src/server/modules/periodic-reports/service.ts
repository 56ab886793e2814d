import { sql, type Kysely } from 'kysely';
import {
  periodicReportDataSchema,
  type CallResult,
  type PeriodicReport,
  type PeriodicReportData,
  type PeriodicReportType,
  type ReportForm,
} from '../../../shared/contract';
import { parseReceivers } from '../../../shared/domain/receivers';
import { isRangeRule, type RangeRule } from '../../../shared/domain/report-range-rules';
import { messages } from '../../../shared/i18n/messages';
import { periodicReportMessages as p } from '../../../shared/i18n/periodic-report-messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import { recordNotFound } from '../../engine/record-store';
import type { EngineUser } from '../../engine/types';
import { journalAdminChange } from '../admin';
import { requireAllowedReceivers, type ReportMailDomains } from './mail-domains';

/** Who schedules periodic reports (see docs/requirements.md#who-uses-it: managers and admins); admins see and remove everyone's. */
export const PERIODIC_REPORT_DEPARTMENTS: readonly string[] = ['admin', 'sales_manager'];

export type SavePeriodInput = {
  name: string;
  receiver: string;
  period: number;
  next_send_date: string;
  type: PeriodicReportType;
  utmKey?: PeriodicReportData['utmKey'];
  trx?: PeriodicReportData['trx'];
  report_id?: number;
  /** A builder report's form itself, as a form client saves it (no saved report). */
  form?: ReportForm;
  /** 1 sends, 0 keeps the report without sending. */
  status?: number;
  /** The range each mail covers, computed when it is sent (docs/user-guide.md#scheduled-reports). */
  range_rule?: RangeRule | undefined;
};

export interface PeriodicReportsService {
  save(user: EngineUser, input: SavePeriodInput): Promise<CallResult<'savePeriod'>>;
  list(user: EngineUser): Promise<CallResult<'periodicReports'>>;
  remove(user: EngineUser, id: number): Promise<CallResult<'deletePeriod'>>;
}

/** The table a report type reads (see docs/requirements.md#lead-money-task-and-report-data Periodic report: table); a builder report: its own. */
const TABLE_OF: Record<Exclude<PeriodicReportType, 'builder'>, string> = {
  monthly: 'transactions',
  utm: 'leads',
  agent: 'leads',
};

/** What the service needs of the report builder: a saved report as the user may see it. */
export type SavedReportLookup = (user: EngineUser, id: number) => Promise<{ id: number; table: string }>;
/** A report form checked against the user's permissions (403 or 404 as the builder answers). */
export type ReportFormCheck = (user: EngineUser, form: ReportForm) => Promise<void>;

function requireScheduler(user: EngineUser): void {
  if (!PERIODIC_REPORT_DEPARTMENTS.includes(user.department)) throw DomainError.forbidden(p.notAllowed);
}

/** What a report type keeps of the form: the UTM key for the UTM report, the transaction scope for the monthly one. */
function dataOf(input: SavePeriodInput): PeriodicReportData {
  if (input.type === 'utm') return { utmKey: input.utmKey ?? 'utm_source' };
  if (input.type === 'monthly') return { trx: input.trx ?? 'all' };
  if (input.type === 'builder' && input.report_id !== undefined) return { reportId: input.report_id };
  if (input.type === 'builder' && input.form !== undefined) return { form: input.form };
  return {};
}

const jsonValue = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** A stored range rule (jsonb), null when none or not one. */
export function storedRangeRule(value: unknown): RangeRule | null {
  const parsed = jsonValue(value);
  return isRangeRule(parsed) ? parsed : null;
}

function storedRange(value: unknown): { start: string; end: string } | null {
  const parsed = jsonValue(value) as { start?: unknown; end?: unknown } | null;
  return parsed && typeof parsed.start === 'string' && typeof parsed.end === 'string'
    ? { start: parsed.start, end: parsed.end }
    : null;
}

export function parsePeriodicData(value: unknown): PeriodicReportData {
  const parsed = periodicReportDataSchema.safeParse(value);
  return parsed.success ? parsed.data : {};
}

export function createPeriodicReportsService(
  db: Kysely<Database>,
  deps: { savedReport: SavedReportLookup; mailDomains: ReportMailDomains; checkForm: ReportFormCheck },
): PeriodicReportsService {
  /** The table the report reads; a builder report must be one the user may see (else the same 404). */
  async function tableOf(user: EngineUser, input: SavePeriodInput): Promise<string> {
    if (input.type !== 'builder') return TABLE_OF[input.type];
    if (input.report_id !== undefined) return (await deps.savedReport(user, input.report_id)).table;
    if (input.form === undefined) throw DomainError.invalid(p.savedReportRequired);
    await deps.checkForm(user, input.form);
    return input.form.table;
  }

  return {
    async save(user, input) {
      requireScheduler(user);
      // The contract checked them; checked again here so no other caller can store a bad list.
      const receivers = parseReceivers(input.receiver);
      if (!receivers.ok) throw DomainError.invalid(p.receiverRequired);
      await requireAllowedReceivers(db, deps.mailDomains, receivers.addresses);
      const table = await tableOf(user, input);
      const id = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('periodic_reports')
          .values({
            name: input.name,
            type: input.type,
            table,
            data: JSON.stringify(dataOf(input)),
            period: input.period,
            receiver: receivers.addresses.join(', '),
            next_send_date: input.next_send_date,
            status: input.status ?? 1,
            user_id: user.id,
            range_rule: input.range_rule ? JSON.stringify(input.range_rule) : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await journalAdminChange(trx, {
          actorId: user.id,
          action: 'periodic_report_create',
          targetTable: 'periodic_reports',
          targetId: row.id,
          values: {
            name: input.name,
            type: input.type,
            period: input.period,
            receiver: receivers.addresses.join(', '),
            next_send_date: input.next_send_date,
            ...(input.range_rule ? { range_rule: input.range_rule } : {}),
          },
        });
        return row.id;
      });
      return { success: true, msg: messages.periodicReportSaved, id };
    },

    async list(user) {
      requireScheduler(user);
      let query = db
        .selectFrom('periodic_reports as r')
        .leftJoin('users as u', 'u.id', 'r.user_id')
        .select([
          'r.id',
          'r.name',
          'r.type',
          'r.table',
          'r.data',
          'r.status',
          'r.period',
          'r.receiver',
          'r.next_send_date',
          'r.user_id',
          'u.name as user_name',
          'r.attempts',
          'r.last_error',
          'r.last_sent_at',
          'r.range_rule',
          'r.last_range',
          'r.created_at',
          // A failed send waits until locked_until; a send in progress has no error yet.
          sql<string | null>`case when r.last_error is not null then r.locked_until end`.as('retry_at'),
        ])
        .orderBy('r.id', 'desc');
      if (user.department !== 'admin') query = query.where('r.user_id', '=', user.id);
      const rows = await query.execute();
      const results: PeriodicReport[] = rows.map((row) => ({
        ...row,
        type: row.type as PeriodicReportType,
        data: parsePeriodicData(row.data),
        range_rule: storedRangeRule(row.range_rule),
        last_range: storedRange(row.last_range),
      }));
      return { success: true, results };
    },

    async remove(user, id) {
      requireScheduler(user);
      await db.transaction().execute(async (trx) => {
        // Locked: a send being claimed right now either finishes before, or finds the row gone.
        let query = trx
          .selectFrom('periodic_reports')
          .select(['id', 'name', 'receiver', 'user_id'])
          .where('id', '=', id)
          .forUpdate();
        if (user.department !== 'admin') query = query.where('user_id', '=', user.id);
        const row = await query.executeTakeFirst();
        if (!row) throw recordNotFound();
        await trx.deleteFrom('periodic_reports').where('id', '=', id).execute();
        await journalAdminChange(trx, {
          actorId: user.id,
          action: 'periodic_report_delete',
          targetTable: 'periodic_reports',
          targetId: id,
          values: { name: row.name, receiver: row.receiver, user_id: row.user_id },
        });
      });
      return { success: true, msg: p.deleted };
    },
  };
}
