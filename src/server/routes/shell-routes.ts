import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { messages } from '../../shared/i18n/messages';
import type { Database } from '../db/schema';
import { getTableRegistry } from '../engine/registry';
import type { Realtime } from '../realtime/realtime';
import { createDashboardService } from '../services/dashboard-service';
import { createNotificationsService } from '../services/notifications-service';
import { createPreferencesService } from '../services/preferences-service';
import { createProfileService } from '../services/profile-service';
import { createSearchService } from '../services/search-service';
import { bearerToken, registerCall } from './register-call';

export interface ShellRoutesDeps {
  db: Kysely<Database>;
  realtime: Realtime;
}

/**
 * The app shell's calls (issue 5; spec 1 §7 "Authentication and user", "Lists and records"; spec 2 §7
 * Reports, Calendar, Phone search): search, notifications and reminders, favourites, preferences,
 * profile save, the profile's dashboard and the home dashboard's charts and calendar.
 */
export function registerShellRoutes(app: FastifyInstance, { db, realtime }: ShellRoutesDeps): void {
  const registry = getTableRegistry(db);
  const search = createSearchService(db, registry);
  const notifications = createNotificationsService(db);
  const preferences = createPreferencesService(db);
  const profile = createProfileService(db, realtime);
  const dashboard = createDashboardService(db, registry);

  registerCall(app, 'search', async ({ user, body }) => ({
    success: true,
    results: await search.byName(user, body.keyword),
  }));
  registerCall(app, 'searchPhone', async ({ user, body }) => ({
    success: true,
    results: await search.byPhone(user, body.keyword),
  }));
  registerCall(app, 'suggestion', async ({ user, body }) => ({
    success: true,
    results: await search.suggest(user, body.keyword),
  }));

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
  registerCall(app, 'calendar', async ({ user, body }) => ({
    success: true,
    events: await dashboard.calendar(user.id, body),
  }));

  registerCall(app, 'favorites', async ({ user }) => ({
    success: true,
    results: await preferences.favorites(user.id),
  }));
  registerCall(app, 'favoriteAdd', async ({ user, body }) => {
    const id = await preferences.addFavorite(user.id, body.title, body.url);
    return { success: true, msg: messages.favoriteAdded, id, results: await preferences.favorites(user.id) };
  });
  registerCall(app, 'favoriteRemove', async ({ user, params }) => {
    await preferences.removeFavorite(user.id, params.id);
    return { success: true, msg: messages.favoriteRemoved, results: await preferences.favorites(user.id) };
  });

  registerCall(app, 'preferences', async ({ user }) => ({
    success: true,
    preferences: await preferences.get(user),
  }));
  registerCall(app, 'preferencesSave', async ({ user, body }) => ({
    success: true,
    preferences: await preferences.save(user, body),
  }));

  registerCall(app, 'authSave', ({ user, body, request }) =>
    profile.save(user, bearerToken(request) ?? '', body),
  );
  registerCall(app, 'userDashboard', ({ user }) => dashboard.userDashboard(user));
  registerCall(app, 'dashboardReports', ({ user, body }) => dashboard.reports(user, body));
}
