import type { Server } from 'socket.io';
import {
  REALTIME_EVENTS,
  userRoom,
  type CallOutcomeEvent,
  type ChatMessageEvent,
  type FieldUpdateEvent,
  type ImportProgressEvent,
  type LeadActivityEvent,
  type NotificationEvent,
  type RealtimeServerToClient,
  type TransactionUpdateEvent,
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
  /** The outcome of the user's own call, to the sockets of that user only. */
  callOutcome(userId: number, payload: CallOutcomeEvent): void;
  /** A money instruction changed: to the sockets of the users who work it. */
  transactionUpdate(userIds: readonly number[], payload: TransactionUpdateEvent): void;
  /** A chat channel changed: to the users named, or to every connected user ('all': a public channel). */
  chatMessage(users: readonly number[] | 'all', payload: ChatMessageEvent): void;
  /** Something happened to a lead: to the users named (those who may see its timeline). */
  leadActivity(userIds: readonly number[], payload: LeadActivityEvent): void;
  /** The users with a socket on any node (who could get a push now). */
  connectedUserIds(): Promise<number[]>;
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

/** For code that runs without a socket server (scripts, unit tests of services). */
export const silentRealtime: Realtime = {
  notifyUser: () => undefined,
  importProgress: () => undefined,
  callOutcome: () => undefined,
  transactionUpdate: () => undefined,
  chatMessage: () => undefined,
  leadActivity: () => undefined,
  connectedUserIds: () => Promise.resolve([]),
  broadcastFieldUpdate: () => undefined,
  disconnectSession: () => undefined,
  disconnectUser: () => undefined,
};
