import { z } from 'zod';

/**
 * What changed, as far as the per-node caches care: one session (logout), one user's sessions
 * (deactivated, password reset, moved, theme), every user's (a team or group renamed, a generic write to
 * users), every group's permission rows, the option lists, the table registry, or everything.
 */
export const invalidationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('session'), tokenHash: z.string().regex(/^[0-9a-f]{64}$/) }),
  z.object({ kind: z.literal('user'), userId: z.number().int() }),
  z.object({ kind: z.literal('users') }),
  z.object({ kind: z.literal('permissions') }),
  z.object({ kind: z.literal('options') }),
  z.object({ kind: z.literal('registry') }),
  z.object({ kind: z.literal('all') }),
]);

export type Invalidation = z.infer<typeof invalidationSchema>;

/** Tells every node's caches what changed; called after the change committed, before the answer. */
export type Invalidate = (change: Invalidation) => Promise<void>;

export type InvalidationListener = (change: Invalidation) => void;

/**
 * Carries invalidations to every cache of every server node. `publish` applies the change to this node's
 * caches before it returns (the caller's next request already sees it) and sends it to the other nodes.
 */
export interface InvalidationBus {
  publish(change: Invalidation): Promise<void>;
  subscribe(listener: InvalidationListener): () => void;
  /**
   * Whether changes made on other nodes reach this one right now. While they may not (Redis is down),
   * caches serve nothing and every request reads the database.
   */
  isLive(): boolean;
  close(): Promise<void>;
}

/** The listeners of one node; a throwing listener never keeps the others from their change. */
export class LocalListeners {
  private readonly listeners = new Set<InvalidationListener>();

  constructor(private readonly onError: (error: unknown) => void) {}

  add(listener: InvalidationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispatch(change: Invalidation): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}

/** One server process: an invalidation reaches every cache at once, synchronously. */
export function createLocalInvalidationBus(onError: (error: unknown) => void): InvalidationBus {
  const listeners = new LocalListeners(onError);
  return {
    async publish(change) {
      listeners.dispatch(change);
    },
    subscribe: (listener) => listeners.add(listener),
    isLive: () => true,
    async close() {},
  };
}
