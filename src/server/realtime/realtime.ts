import type { Server } from 'socket.io';
import { REALTIME_EVENTS, userRoom, type RealtimeServerToClient } from '../../shared/contract';
import type { Realtime } from '../kernel/realtime-port';

export { silentRealtime, type Realtime } from '../kernel/realtime-port';

/** What the server keeps per socket: who it is and which session (token hash) it belongs to. */
export interface SocketData {
  userId: number;
  tokenHash: string;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- clients send nothing to the server
export type ClientToServer = {};
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no events between server nodes
export type InterServer = {};

export type RealtimeIo = Server<ClientToServer, RealtimeServerToClient, InterServer, SocketData>;

/** Room of one login session, so logging out or changing the password can drop exactly its sockets. */
export function sessionRoom(tokenHash: string): string {
  return `session:${tokenHash}`;
}

export function createRealtime(io: RealtimeIo): Realtime {
  return {
    notifyUser(userId, payload) {
      io.to(userRoom(userId)).emit(REALTIME_EVENTS.notification, payload);
    },
    importProgress(userId, payload) {
      io.to(userRoom(userId)).emit(REALTIME_EVENTS.importProgress, payload);
    },
    callOutcome(userId, payload) {
      io.to(userRoom(userId)).emit(REALTIME_EVENTS.callOutcome, payload);
    },
    transactionUpdate(userIds, payload) {
      if (userIds.length === 0) return;
      io.to(userIds.map(userRoom)).emit(REALTIME_EVENTS.transactionUpdate, payload);
    },
    chatMessage(users, payload) {
      if (users === 'all') io.emit(REALTIME_EVENTS.chatMessage, payload);
      else if (users.length > 0) io.to(users.map(userRoom)).emit(REALTIME_EVENTS.chatMessage, payload);
    },
    leadActivity(userIds, payload) {
      if (userIds.length === 0) return;
      io.to(userIds.map(userRoom)).emit(REALTIME_EVENTS.leadActivity, payload);
    },
    async connectedUserIds() {
      const sockets = await io.fetchSockets();
      return [...new Set(sockets.map((socket) => socket.data.userId))];
    },
    broadcastFieldUpdate(payload = {}) {
      io.emit(REALTIME_EVENTS.fieldUpdate, payload);
    },
    disconnectSession(tokenHash) {
      io.in(sessionRoom(tokenHash)).disconnectSockets(true);
    },
    disconnectUser(userId, keepTokenHash) {
      const room = io.in(userRoom(userId));
      (keepTokenHash ? room.except(sessionRoom(keepTokenHash)) : room).disconnectSockets(true);
    },
  };
}
