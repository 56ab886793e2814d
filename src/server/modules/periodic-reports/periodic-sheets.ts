import type { Kysely } from 'kysely';
import type { ReportCounts, ReportRow, ReportStatus } from '../../../shared/contract';
import { periodicReportMessages as p } from '../../../shared/i18n/periodic-report-messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import type { EngineUser } from '../../engine/types';
import type { XlsxCell, XlsxColumn, XlsxSheet } from '../export';
import { type MonthlyReportService, monthlySheet } from '../report-monthly';
import type { ReportBuilderService } from '../report-builder';
import type { ReportsService } from '../reports';
import type { PeriodicReportType } from '../../../shared/contract';
import { parsePeriodicData } from './service';

/** What the job knows of a report it is about to send. */
export interface PeriodicSource {
  type: string;
  data: unknown;
  period: number;
  user_id: number;
  /** The slot being sent ('YYYY-MM-DD HH:mm:ss'): the report covers the period ending there. */
  slot: string;
  /** The range this send covers, from the schedule's range rule (null: the period before the slot). */
  range?: { start: string; end: string } | null;
}

export type PeriodicSheetBuilder = (source: PeriodicSource) => Promise<XlsxSheet>;

const s = p.sheet;

/** The period before the slot, as a date range the reports take. */
function periodBefore(slot: string, days: number): { start: string; end: string } {
  const end = new Date(`${slot.replace(' ', 'T')}Z`);
  const start = new Date(end.getTime() - days * 86_400_000);
  const text = (date: Date): string => date.toISOString().slice(0, 16).replace('T', ' ');
  return { start: text(start), end: text(end) };
}

function countsSheet(
  title: string,
  rows: readonly ReportRow[],
  statuses: readonly ReportStatus[],
  totals: ReportCounts,
  extra: readonly { header: string; value: (index: number | null) => number }[] = [],
): XlsxSheet {
  const columns: XlsxColumn[] = [
    { header: s.group, width: 28 },
    ...extra.map((column) => ({ header: column.header, width: 12 })),
    ...statuses.map((status) => ({ header: status.label, width: Math.max(12, status.label.length + 2) })),
    { header: s.noStatus, width: 12 },
    { header: s.total, width: 12 },
  ];
  const line = (label: string, counts: ReportCounts, index: number | null): XlsxCell[] => [
    label,
    ...extra.map((column) => column.value(index)),
    ...statuses.map((status) => counts.counts[String(status.id)] ?? 0),
    counts.no_status,
    counts.total,
  ];
  return {
    name: title,
    columns,
    rows: [...rows.map((row, index) => line(row.label, row, index)), line(s.total, totals, null)],
  };
}

/**
 * Builds the sheet of a periodic report as its owner sees it: the owner's permissions (row restriction,
 * readable fields) apply to what is sent, exactly as on the screen. An owner who was deactivated sends
 * nothing: the failure is shown on the admin's screen.
 */
export function createPeriodicSheetBuilder(deps: {
  db: Kysely<Database>;
  monthlyReport: MonthlyReportService;
  reports: ReportsService;
  reportBuilder: Pick<ReportBuilderService, 'savedReport' | 'sheet'>;
}): PeriodicSheetBuilder {
  async function owner(id: number): Promise<EngineUser> {
    const user = await deps.db
      .selectFrom('users')
      .select(['id', 'user_group_id', 'team_id', 'department', 'active'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!user || user.active !== 1) throw DomainError.forbidden(p.ownerInactive);
    return user;
  }

  return async (source) => {
    const user = await owner(source.user_id);
    const data = parsePeriodicData(source.data);
    const type = source.type as PeriodicReportType;
    if (type === 'monthly') {
      // The year the range ends in (a rule's "geçen ay" in January is last year's December).
      const year = Number((source.range?.end ?? source.slot).slice(0, 4));
      return monthlySheet(await deps.monthlyReport.report(user, { year, trx: data.trx ?? 'all' }));
    }
    const range = source.range ?? periodBefore(source.slot, source.period);
    if (type === 'utm') {
      const answer = await deps.reports.utm(user, { utmKey: data.utmKey ?? 'utm_source', ...range });
      return countsSheet(s.utmTitle, answer.rows, answer.status, answer.totals);
    }
    if (type === 'agent') {
      const answer = await deps.reports.agent(user, range);
      const pick = (field: 'calls' | 'notes' | 'conversions') => (index: number | null) =>
        index === null ? answer.totals[field] : (answer.report[index]?.[field] ?? 0);
      return countsSheet(s.agentTitle, answer.report, answer.status, answer.totals, [
        { header: s.calls, value: pick('calls') },
        { header: s.notes, value: pick('notes') },
        { header: s.conversions, value: pick('conversions') },
      ]);
    }
    if (type === 'builder' && data.form !== undefined) {
      // A form saved with the periodic report itself (no saved report behind it).
      const sheet = await deps.reportBuilder.sheet(user, data.form);
      return {
        name: sheet.title,
        columns: sheet.columns.map((header) => ({ header, width: Math.max(12, header.length + 2) })),
        rows: sheet.rows,
      };
    }
    if (type === 'builder') {
      // The saved report as it is now (an admin's update is sent from the next period on).
      const saved =
        data.reportId === undefined
          ? null
          : await deps.reportBuilder.savedReport(user, data.reportId).catch((error: unknown) => {
              if (error instanceof DomainError && error.kind === 'not-found') return null;
              throw error;
            });
      if (!saved) throw DomainError.notFound(p.savedReportMissing);
      const sheet = await deps.reportBuilder.sheet(user, saved.report_values);
      return {
        name: saved.name,
        columns: sheet.columns.map((header) => ({ header, width: Math.max(12, header.length + 2) })),
        rows: sheet.rows,
      };
    }
    throw new Error(`periodic report type ${String(source.type)} unknown`);
  };
}
