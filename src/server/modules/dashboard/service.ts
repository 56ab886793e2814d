import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { CalendarEvent, CallResult } from '../../../shared/contract';
import { format, messages } from '../../../shared/i18n/messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import type { LeadScope } from '../../engine/lead-scope';
import { column } from '../../engine/sql-helpers';
import type { EngineUser } from '../../engine/types';
import { InvalidValueError, nextDay, parseDate } from '../../engine/values';
import { MAX_REPORT_RANGE_DAYS } from '../../../shared/domain/report-keys';

export interface DateRangeInput {
  start?: string | undefined;
  end?: string | undefined;
}

export interface DashboardService {
  /** POST /reports/: leads created per day and per status in the range, inside the user's scope. */
  reports(user: EngineUser, range: DateRangeInput | undefined): Promise<CallResult<'dashboardReports'>>;
  /** POST /calendar/: the user's own reminders starting in the range. */
  calendar(userId: number, range: DateRangeInput | undefined): Promise<CalendarEvent[]>;
}

/** A chart over more than two years is not a dashboard any more (and would scan most of the table). */
export const MAX_RANGE_DAYS = MAX_REPORT_RANGE_DAYS;
/** A month view holds a few hundred reminders at most; this bounds a pathological one. */
const CALENDAR_MAX_EVENTS = 2000;
const EVENT_TITLE_MAX = 120;

/** [from, to) as SQL timestamps; without a range the current month on the database's clock. */
interface Range {
  from: RawBuilder<string>;
  to: RawBuilder<string>;
}

function parsePart(text: string): { day: string; dateTime: string; dateOnly: boolean } {
  try {
    return parseDate(text);
  } catch (error) {
    if (error instanceof InvalidValueError) throw DomainError.invalid(messages.invalidDateRange);
    throw error;
  }
}

/** A day-only end means "through that day". */
export function toRange(input: DateRangeInput | undefined): Range {
  if (!input?.start && !input?.end) {
    return {
      from: sql<string>`date_trunc('month', localtimestamp)`,
      to: sql<string>`date_trunc('month', localtimestamp) + interval '1 month'`,
    };
  }
  if (!input.start || !input.end) throw DomainError.invalid(messages.invalidDateRange);
  const start = parsePart(input.start);
  const end = parsePart(input.end);
  const to = end.dateOnly ? `${nextDay(end.day)} 00:00:00` : end.dateTime;
  if (to <= start.dateTime) throw DomainError.invalid(messages.invalidDateRange);
  const days =
    (Date.parse(`${to.replace(' ', 'T')}Z`) - Date.parse(`${start.dateTime.replace(' ', 'T')}Z`)) /
    86_400_000;
  if (days > MAX_RANGE_DAYS) {
    throw DomainError.invalid(format(messages.dateRangeTooLong, { days: MAX_RANGE_DAYS }));
  }
  return { from: sql<string>`${start.dateTime}::timestamp`, to: sql<string>`${to}::timestamp` };
}

function eventTitle(leadName: string | null, body: string): string {
  const text = leadName ? `${leadName}: ${body}` : body;
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length > EVENT_TITLE_MAX ? `${chars.slice(0, EVENT_TITLE_MAX - 1).join('')}…` : chars.join('');
}

export function createDashboardService(db: Kysely<Database>, leadScope: LeadScope): DashboardService {
  return {
    async reports(user, input) {
      const range = toRange(input);
      const access = await leadScope.access(user);
      // Each chart groups by a field; a user who may not read the field does not get its distribution.
      if (!access || !access.readableNames.has('created_at')) {
        return { success: true, leads: [], lead_statuses: [] };
      }
      const source = sql.id(access.table.sourceTable);
      const where = sql`${access.scope} and ${column('created_at')} >= ${range.from}
        and ${column('created_at')} < ${range.to}`;
      const [leads, statuses] = await Promise.all([
        sql<{
          date: string;
          lead_count: number;
        }>`select to_char(${column('created_at')}::date, 'YYYY-MM-DD') as date,
            count(*)::int as lead_count
          from ${source} where ${where}
          group by 1 order by 1`.execute(db),
        access.readableNames.has('status_id')
          ? sql<{ id: number | null; label: string | null; background: string | null; lead_count: number }>`
              select c.status_id as id, s.label, s.background, c.lead_count
              from (select ${column('status_id')} as status_id, count(*)::int as lead_count
                from ${source} where ${where} group by 1) c
              left join lead_statuses s on s.id = c.status_id
              order by s.sort nulls last, c.status_id nulls last`.execute(db)
          : Promise.resolve({ rows: [] }),
      ]);
      return {
        success: true,
        leads: leads.rows.map((row) => ({ date: row.date, lead_count: Number(row.lead_count) })),
        lead_statuses: statuses.rows.map((row) => ({
          id: row.id === null ? null : Number(row.id),
          label: row.label ?? messages.noLeadStatus,
          lead_count: Number(row.lead_count),
          background: row.background,
        })),
      };
    },

    async calendar(userId, input) {
      const range = toRange(input);
      const { rows } = await sql<{
        id: number;
        lead_name: string | null;
        body: string;
        start: string;
        lead_id: number | null;
        completed: number;
      }>`select id, lead_name, body, start, lead_id, completed from notifications
        where user_id = ${userId} and start >= ${range.from} and start < ${range.to}
        order by start, id
        limit ${CALENDAR_MAX_EVENTS}`.execute(db);
      return rows.map((row) => ({
        id: row.id,
        title: eventTitle(row.lead_name, row.body),
        start: row.start,
        lead_id: row.lead_id,
        completed: Number(row.completed),
      }));
    },
  };
}
