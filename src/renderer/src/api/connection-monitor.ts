/**
 * Whether the CRM server is reachable, from what the app already does (docs/user-guide.md#connection):
 * a request that failed on the network, or the real-time socket that went down, means lost; a request
 * that answered and a socket that is up again mean back. The shell shows the banner while lost and
 * refreshes the screens when the connection returns.
 */
export interface ConnectionMonitor {
  /** true once any request has answered: from then on, network failures keep retrying (screens keep data). */
  everOnline(): boolean;
  lost(): boolean;
  requestFailed(): void;
  requestAnswered(): void;
  socketStatus(connected: boolean): void;
  /** Forgets the socket (logout: the next session's socket tells anew). */
  forgetSocket(): void;
  /** Called on every change of lost(); answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createConnectionMonitor(): ConnectionMonitor {
  let online = false;
  let requestsFailing = false;
  let socketDown = false;
  const listeners = new Set<() => void>();
  let wasLost = false;

  const changed = (): void => {
    const now = requestsFailing || socketDown;
    if (now === wasLost) return;
    wasLost = now;
    for (const listener of listeners) listener();
  };

  return {
    everOnline: () => online,
    lost: () => wasLost,
    requestFailed() {
      requestsFailing = true;
      changed();
    },
    requestAnswered() {
      online = true;
      requestsFailing = false;
      changed();
    },
    socketStatus(connected) {
      socketDown = !connected;
      changed();
    },
    forgetSocket() {
      socketDown = false;
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
