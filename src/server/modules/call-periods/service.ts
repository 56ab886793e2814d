import { sql, type Kysely } from 'kysely';
import { CALL_PERIOD_LIMIT, type CallPeriodRow, type CallResult } from '../../../shared/contract';
import type { Database } from '../../db/schema';
import type { LeadScope } from '../../engine/lead-scope';
import { column } from '../../engine/sql-helpers';
import type { EngineUser } from '../../engine/types';
import { requireScreenFlag } from '../hooks';

/** The menu entry (crm_tables row with url 'call-periods') whose permission opens the list. */
export const CALL_PERIODS_SCREEN = 'call_periods';

export interface CallPeriodFilters {
  agent_id?: number | undefined;
  status_id?: number | undefined;
  team_id?: number | undefined;
}

export interface CallPeriodsService {
  list(user: EngineUser, filters: CallPeriodFilters): Promise<CallResult<'callPeriods'>>;
}

/**
 * Leads due to be called (see docs/requirements.md#lead-workspace-and-work-screens /call-periods): a lead whose status has a call period (days,
 * lead_statuses.call_period_days) is due that many days after its last activity (or its creation when
 * nobody has worked it yet). The list holds the due leads of the user's lead scope, most overdue first.
 */
export function createCallPeriodsService(db: Kysely<Database>, scope: LeadScope): CallPeriodsService {
  return {
    async list(user, filters) {
      await requireScreenFlag(db, user, CALL_PERIODS_SCREEN, 'show');
      const leads = await scope.access(user);
      if (!leads) return { results: [], total: 0 };
      const due = sql`(coalesce(l.last_activity, l.created_at) + make_interval(days => s.call_period_days))`;
      const conditions = [
        sql`s.call_period_days is not null`,
        sql`${due} <= localtimestamp`,
        sql`l.id in (select ${column('id')} from ${sql.id(leads.table.sourceTable)} where ${leads.scope})`,
      ];
      if (filters.agent_id !== undefined) conditions.push(sql`l.agent_id = ${filters.agent_id}`);
      if (filters.status_id !== undefined) conditions.push(sql`l.status_id = ${filters.status_id}`);
      if (filters.team_id !== undefined) conditions.push(sql`l.team_id = ${filters.team_id}`);
      const where = sql.join(conditions, sql` and `);
      const from = sql`leads l join lead_statuses s on s.id = l.status_id left join users u on u.id = l.agent_id`;
      const [page, count] = await Promise.all([
        sql<Omit<CallPeriodRow, 'days_elapsed'> & { days_elapsed: number | string }>`select l.id as lead_id,
            l.name, l.status_id, s.label as status, l.agent_id, u.name as agent,
            to_char(${due}, 'YYYY-MM-DD HH24:MI:SS') as datetime,
            (current_date - ${due}::date) as days_elapsed
          from ${from} where ${where}
          order by ${due} asc, l.id asc
          limit ${CALL_PERIOD_LIMIT}`.execute(db),
        sql<{ total: number | string }>`select count(*) as total from ${from} where ${where}`.execute(db),
      ]);
      return {
        results: page.rows.map((row) => ({ ...row, days_elapsed: Number(row.days_elapsed) })),
        total: Number(count.rows[0]?.total ?? 0),
      };
    },
  };
}
