import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { z } from 'zod';
import { invalidationSchema, LocalListeners, type InvalidationBus } from './invalidation-bus';

/** The Redis channel every node publishes its invalidations on. */
export const INVALIDATION_CHANNEL = 'crm:cache-invalidation';

const envelopeSchema = z.object({ node: z.string(), change: invalidationSchema });

export interface RedisBusOptions {
  url: string;
  onError: (error: unknown, context: string) => void;
}

/**
 * Invalidations over Redis pub/sub for several server nodes. A node applies its own changes at once and
 * ignores their echo. Pub/sub keeps nothing for a disconnected subscriber, so while either connection is
 * down the bus reports itself not live (the caches stand aside) and, once the subscription is back,
 * every cache is emptied: whatever was published meanwhile is covered.
 */
export async function createRedisInvalidationBus(options: RedisBusOptions): Promise<InvalidationBus> {
  const node = randomUUID();
  const listeners = new LocalListeners((error) => options.onError(error, 'cache invalidation'));
  const pub = createClient({ url: options.url });
  const sub = pub.duplicate();
  // Without a listener a lost connection would crash the process; the clients reconnect themselves.
  pub.on('error', (error: unknown) => options.onError(error, 'redis cache pub'));
  sub.on('error', (error: unknown) => options.onError(error, 'redis cache sub'));
  let subscribed = false;
  sub.on('end', () => {
    subscribed = false;
  });
  sub.on('reconnecting', () => {
    subscribed = false;
  });

  const receive = (message: string): void => {
    let parsed: z.infer<typeof envelopeSchema>;
    try {
      parsed = envelopeSchema.parse(JSON.parse(message));
    } catch (error) {
      options.onError(error, 'cache invalidation message');
      return;
    }
    if (parsed.node !== node) listeners.dispatch(parsed.change);
  };

  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(INVALIDATION_CHANNEL, receive);
  subscribed = true;
  // node-redis subscribes again after a reconnect; 'ready' tells us the link is back.
  sub.on('ready', () => {
    if (subscribed) return;
    subscribed = true;
    listeners.dispatch({ kind: 'all' });
  });

  return {
    async publish(change) {
      listeners.dispatch(change);
      try {
        await pub.publish(INVALIDATION_CHANNEL, JSON.stringify({ node, change }));
      } catch (error) {
        // The others cannot be told: their caches stand aside until their own link is back (isLive).
        options.onError(error, 'cache invalidation publish');
      }
    },
    subscribe: (listener) => listeners.add(listener),
    isLive: () => subscribed && sub.isReady && pub.isReady,
    async close() {
      subscribed = false;
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
