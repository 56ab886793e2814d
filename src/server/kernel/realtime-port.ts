import type {
  CallOutcomeEvent,
  ChatMessageEvent,
  FieldUpdateEvent,
  ImportProgressEvent,
  LeadActivityEvent,
  NotificationEvent,
  TransactionUpdateEvent,
} from '../../shared/contract';

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
