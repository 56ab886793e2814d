import { sql, type Kysely } from 'kysely';
import { USER_ACTIVITY_DAYS, type ActivityRow, type CallResult } from '../../../shared/contract';
import { CHAT_NOTE_STATUS_ID } from '../../../shared/domain/constants';
import type { Database } from '../../db/schema';
import type { LeadScope } from '../../engine/lead-scope';
import type { EngineUser } from '../../engine/types';

/** POST /user/dashboard: the profile's counters (leads and customers in scope) and 30 days of activity. */
export async function userDashboard(
  db: Kysely<Database>,
  leadScope: LeadScope,
  user: EngineUser,
): Promise<CallResult<'userDashboard'>> {
  const access = await leadScope.access(user);
  const counters = access
    ? (
        await sql<{ leads: number; customers: number; average: string | null }>`select
            count(*)::int as leads,
            (count(*) filter (where is_customer = 1))::int as customers,
            round((avg(extract(epoch from (customer_set_date - created_at)))
              filter (where is_customer = 1 and customer_set_date is not null) / 86400)::numeric, 1)::text
              as average
          from ${sql.id(access.table.sourceTable)}
          where ${access.scope} and (agent_id = ${user.id} or retention_id = ${user.id})`.execute(db)
      ).rows[0]
    : undefined;

  // Views are stored twice a day at most (first and last), so min/max see both ends of a day.
  const since = sql`current_date - ${USER_ACTIVITY_DAYS - 1}::int`;
  const { rows } = await sql<ActivityRow>`with acts as (
      select created_at::date as day, lead_id, created_at as at, 'i' as kind
        from lead_journal where agent_id = ${user.id} and created_at >= ${since}
      union all
      select day, lead_id, first_at, 'v' from lead_views where user_id = ${user.id} and day >= ${since}
      union all
      select day, lead_id, last_at, 'v' from lead_views where user_id = ${user.id} and day >= ${since}
      union all
      select created_at::date, lead_id, created_at, 'n' from lead_notes
        where insert_agent_id = ${user.id} and created_at >= ${since}
          and note_status_id is distinct from ${CHAT_NOTE_STATUS_ID}
    )
    select to_char(day, 'YYYY-MM-DD') as day,
      (count(distinct lead_id) filter (where kind = 'i'))::int as lead_interaction,
      (count(distinct lead_id) filter (where kind = 'v'))::int as lead_view,
      (count(distinct lead_id) filter (where kind = 'n'))::int as lead_note,
      to_char(min(at), 'YYYY-MM-DD HH24:MI:SS') as start_action_time,
      to_char(max(at), 'YYYY-MM-DD HH24:MI:SS') as last_action_time
    from acts group by day order by day desc`.execute(db);

  return {
    leads: { count: Number(counters?.leads ?? 0) },
    customers: { count: Number(counters?.customers ?? 0) },
    customer_average_conversion_time: {
      average_conversion_time:
        counters?.average === null || counters?.average === undefined ? null : Number(counters.average),
    },
    activity: rows.map((row) => ({
      day: row.day,
      lead_interaction: Number(row.lead_interaction),
      lead_view: Number(row.lead_view),
      lead_note: Number(row.lead_note),
      start_action_time: row.start_action_time,
      last_action_time: row.last_action_time,
    })),
  };
}
