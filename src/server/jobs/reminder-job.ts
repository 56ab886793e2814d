import { sql, type Kysely } from 'kysely';
import { PLATFORM_LOGIN_TITLE, type NotificationEvent } from '../../shared/contract';
import type { Database } from '../db/schema';
import { receiversWhoSee } from '../engine/push-receivers';
import type { TableRegistry } from '../engine/registry';
import type { Realtime } from '../kernel/realtime-port';
import { drainBatches } from './batches';
import type { Job } from './job-types';

/** How often the job looks for due reminders. */
export const REMINDER_INTERVAL_MS = 15_000;
/**
 * An open reminder this long past its start turns overdue (completed 2, "Gecikmiş"). One hour: long
 * enough for an agent in a call to come back to it, short enough that the drawer tells the truth the
 * same morning.
 */
export const REMINDER_GRACE_MS = 60 * 60_000;

export interface ReminderJobOptions {
  db: Kysely<Database>;
  realtime: Realtime;
  /**
   * With it, a reminder about a lead is pushed only while its user may still see the lead (checked when
   * sent); the drawer keeps listing it either way.
   */
  registry?: TableRegistry;
  intervalMs?: number;
  graceMs?: number;
  /** Notifications handled per query; a run repeats until a batch comes back short (bounded). */
  batchSize?: number;
}

export interface ReminderRunResult {
  /** Pushed because their start came (completed 0). */
  due: number;
  /** Marked overdue and pushed as updated (completed 2). */
  overdue: number;
}

export interface ReminderJob extends Job {
  /** One run now (what the job runner calls). */
  runDue(signal?: AbortSignal): Promise<ReminderRunResult>;
}

interface PushedRow {
  id: number;
  user_id: number;
  title: string;
  body: string;
  lead_name: string | null;
  lead_id: number | null;
  start: string | null;
  completed: number;
}

function toEvent(row: PushedRow): NotificationEvent {
  const completed = row.completed === 1 || row.completed === 2 ? row.completed : 0;
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    leadName: row.lead_name,
    lead_id: row.lead_id,
    start: row.start,
    completed,
  };
}

/**
 * Pushes reminders over socket.io when their start comes, and turns the ones left open past the grace
 * period overdue. Rows are claimed by one UPDATE ... WHERE pushed_at IS NULL (FOR UPDATE SKIP LOCKED), so
 * even two runs at once push each reminder once; the push itself goes to the user's room on every node
 * through the Redis adapter. At most once: a node dying between its UPDATE and the emit loses that push,
 * and the drawer still shows the reminder on its next load.
 *
 * Notifications titled 'Platform Girişi' are information, not tasks (they cannot be completed, docs/requirements.md#notification-and-list-states), so they are pushed but never marked overdue.
 */
export function createReminderJob(options: ReminderJobOptions): ReminderJob {
  const { db, realtime } = options;
  const graceSeconds = Math.max(0, Math.round((options.graceMs ?? REMINDER_GRACE_MS) / 1000));
  const batchSize = options.batchSize ?? 500;

  const graceStart = sql`localtimestamp - make_interval(secs => ${graceSeconds}::integer)`;
  const returning = sql`returning id, user_id, title, body, lead_name, lead_id, start, completed`;

  async function claimOverdue(): Promise<PushedRow[]> {
    const { rows } = await sql<PushedRow>`update notifications
      set completed = 2, pushed_at = coalesce(pushed_at, date_trunc('second', localtimestamp))
      where id in (
        select id from notifications
        where completed = 0 and start < ${graceStart} and title <> ${PLATFORM_LOGIN_TITLE}
        order by start, id
        limit ${batchSize}
        for update skip locked)
      and completed = 0
      ${returning}`.execute(db);
    return rows;
  }

  async function claimDue(): Promise<PushedRow[]> {
    // start null: a notification meant for now (e.g. a platform login), pushed as soon as it exists.
    const { rows } = await sql<PushedRow>`update notifications
      set pushed_at = date_trunc('second', localtimestamp)
      where id in (
        select id from notifications
        where completed = 0 and pushed_at is null
          and (start is null or start <= localtimestamp)
        order by start nulls first, id
        limit ${batchSize}
        for update skip locked)
      and pushed_at is null
      ${returning}`.execute(db);
    return rows;
  }

  const push = async (row: PushedRow): Promise<void> => {
    if (options.registry && row.lead_id !== null) {
      const seen = await receiversWhoSee(db, options.registry, [row.user_id], 'leads', row.lead_id);
      if (seen.length === 0) return;
    }
    realtime.notifyUser(row.user_id, toEvent(row));
  };

  async function runDue(signal?: AbortSignal): Promise<ReminderRunResult> {
    // Overdue first: a reminder missed entirely (server down) is pushed once, as overdue, not twice.
    const overdue = await drainBatches({ claim: claimOverdue, handle: push, batchSize, signal });
    const due = await drainBatches({ claim: claimDue, handle: push, batchSize, signal });
    return { due, overdue };
  }

  return {
    name: 'reminders',
    every: options.intervalMs ?? REMINDER_INTERVAL_MS,
    run: ({ signal }) => runDue(signal),
    runDue,
  };
}
