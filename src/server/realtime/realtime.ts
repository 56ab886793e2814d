import type { Server } from 'socket.io';
import {
  REALTIME_EVENTS,
  userRoom,
  type FieldUpdateEvent,
  type ImportProgressEvent,
  type NotificationEvent,
  type RealtimeServerToClient,
} from '../../shared/contract';

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

/**
 * The pushes other server code may send. Rooms are shared through Redis when REDIS_URL is set, so a call
 * on one node reaches the user's sockets on every node. Fire and forget: a user with no socket simply
 * gets nothing (the drawer reloads from /notifications anyway).
 */
export interface Realtime {
  notifyUser(userId: number, payload: NotificationEvent): void;
  importProgress(userId: number, payload: ImportProgressEvent): void;
  /** Every connected user reloads the option lists (all, or the one named). */
  broadcastFieldUpdate(payload?: FieldUpdateEvent): void;
  /** Drops the sockets of one session (logout). */
  disconnectSession(tokenHash: string): void;
  /** Drops the user's sockets except those of `keepTokenHash` (password change revokes other sessions). */
  disconnectUser(userId: number, keepTokenHash?: string): void;
}

export function createRealtime(io: RealtimeIo): Realtime {
  return {
    notifyUser(userId, payload) {
      io.to(userRoom(userId)).emit(REALTIME_EVENTS.notification, payload);
    },
    importProgress(userId, payload) {
      io.to(userRoom(userId)).emit(REALTIME_EVENTS.importProgress, payload);
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

/** For code that runs without a socket server (scripts, unit tests of services). */
export const silentRealtime: Realtime = {
  notifyUser: () => undefined,
  importProgress: () => undefined,
  broadcastFieldUpdate: () => undefined,
  disconnectSession: () => undefined,
  disconnectUser: () => undefined,
};
