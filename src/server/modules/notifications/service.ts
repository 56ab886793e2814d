import { sql, type Kysely } from 'kysely';
import {
  NOTIFICATION_LIST_LIMIT,
  PLATFORM_LOGIN_TITLE,
  SIDEBAR_NOTE_LIMIT,
  type NotificationRow,
  type SidebarNote,
} from '../../../shared/contract';
import { messages } from '../../../shared/i18n/messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';

export interface NotificationsService {
  /**
   * The user's notifications, newest first, and how many are open and due (the bell's figure). Platform
   * Girişi ones are not counted: they cannot be completed, so they would keep the bell lit for ever.
   */
  list(userId: number): Promise<{ results: NotificationRow[]; unread: number }>;
  /**
   * Marks one of the user's own notifications done (open or overdue; done stays done). Another user's or
   * a missing one: 404. 'Platform Girişi': 400 (see docs/requirements.md#notification-and-list-states, it has no complete action).
   */
  complete(user: { id: number; name: string }, id: number): Promise<NotificationRow>;
  /** The user's next open reminders from now on, soonest first. */
  upcoming(userId: number): Promise<SidebarNote[]>;
}

const COLUMNS = sql`n.id, n.user_id, u.name as user_name, n.title, n.body, n.start, n.lead_id, n.lead_name,
  n.completed, n.completed_agent_name, n.note_id, n.created_at`;

interface Row extends Omit<NotificationRow, 'completed'> {
  completed: number;
}

function toNotification(row: Row): NotificationRow {
  const completed = row.completed === 1 || row.completed === 2 ? row.completed : 0;
  return { ...row, id: Number(row.id), user_id: Number(row.user_id), completed };
}

export function createNotificationsService(db: Kysely<Database>): NotificationsService {
  async function byId(userId: number, id: number): Promise<Row | undefined> {
    const { rows } = await sql<Row>`select ${COLUMNS} from notifications n
      join users u on u.id = n.user_id
      where n.id = ${id} and n.user_id = ${userId}`.execute(db);
    return rows[0];
  }

  return {
    async list(userId) {
      const [list, count] = await Promise.all([
        sql<Row>`select ${COLUMNS} from notifications n
          join users u on u.id = n.user_id
          where n.user_id = ${userId}
          -- time order (docs/user-guide.md#dates-and-numbers): by the reminder's time, the newest first
          order by coalesce(n.start, n.created_at) desc, n.id desc
          limit ${NOTIFICATION_LIST_LIMIT}`.execute(db),
        sql<{ unread: number }>`select count(*)::int as unread from notifications
          where user_id = ${userId} and completed = 0 and (start is null or start <= localtimestamp)
            and title <> ${PLATFORM_LOGIN_TITLE}`.execute(db),
      ]);
      return { results: list.rows.map(toNotification), unread: Number(count.rows[0]?.unread ?? 0) };
    },

    async complete(user, id) {
      const found = await byId(user.id, id);
      if (!found) throw DomainError.notFound();
      if (found.title === PLATFORM_LOGIN_TITLE)
        throw DomainError.invalid(messages.notificationCannotComplete);
      if (found.completed !== 1) {
        await db
          .updateTable('notifications')
          .set({ completed: 1, completed_agent_name: user.name })
          .where('id', '=', id)
          .where('user_id', '=', user.id)
          .execute();
      }
      const updated = await byId(user.id, id);
      if (!updated) throw DomainError.notFound();
      return toNotification(updated);
    },

    async upcoming(userId) {
      const { rows } = await sql<SidebarNote>`select id, lead_id, body, lead_name,
          to_char(start, 'YYYY-MM-DD HH24:MI:SS') as start
        from notifications
        where user_id = ${userId} and completed = 0 and start >= localtimestamp
        order by start, id
        limit ${SIDEBAR_NOTE_LIMIT}`.execute(db);
      return rows.map((row) => ({ ...row, id: Number(row.id) }));
    },
  };
}
