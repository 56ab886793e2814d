import type { FastifyInstance } from 'fastify';
import { messages } from '../../../shared/i18n/messages';
import type { Services } from '../../services';
import { registerCall } from '../../http/register-call';

/** The bell, its drawer and the side panel's reminders (see docs/requirements.md#notification-and-list-states). */
export function registerNotificationRoutes(
  app: FastifyInstance,
  { notifications, realtime }: Pick<Services, 'notifications' | 'realtime'>,
): void {
  registerCall(app, 'notifications', async ({ user }) => ({
    success: true,
    ...(await notifications.list(user.id)),
  }));
  registerCall(app, 'completeNotification', async ({ user, params }) => {
    const result = await notifications.complete(user, params.id);
    // The user's other windows (desktop and web) update their drawer and bell.
    realtime.notifyUser(user.id, {
      id: result.id,
      title: result.title,
      body: result.body,
      leadName: result.lead_name,
      lead_id: result.lead_id,
      start: result.start,
      completed: result.completed,
    });
    return { success: true, msg: messages.notificationCompletedMsg, result };
  });
  registerCall(app, 'sidebarNotes', async ({ user }) => ({
    success: true,
    results: await notifications.upcoming(user.id),
  }));
}
