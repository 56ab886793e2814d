import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Services } from '../../services';

/** Chat (see docs/requirements.md#shell-lists-and-chat /chat, #calls /chatMessages): channels, direct conversations, messages, read markers. */
export function registerChatRoutes(app: FastifyInstance, { chat }: Pick<Services, 'chat'>): void {
  registerCall(app, 'chatChannels', ({ user }) => chat.channels(user));
  registerCall(app, 'chatUsers', ({ user }) => chat.users(user));
  registerCall(app, 'chatChannelAdd', ({ user, body }) => chat.addChannel(user, body.name));
  registerCall(app, 'chatChannelSave', ({ user, body }) => chat.renameChannel(user, body.id, body.name));
  registerCall(app, 'chatChannelArchive', ({ user, body }) =>
    chat.archiveChannel(user, body.id, body.archived),
  );
  registerCall(app, 'chatMessages', ({ user, body }) =>
    chat.messages(user, {
      id: body.id,
      page: body.page,
      limit: body.limit,
      sort: body.sort,
      filters: body.filters,
    }),
  );
  registerCall(app, 'chatSend', ({ user, body }) => chat.send(user, body));
  registerCall(app, 'chatRead', ({ user, body }) => chat.markRead(user, body.id, body.last_id));
}
