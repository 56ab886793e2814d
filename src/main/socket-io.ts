import { io } from 'socket.io-client';
import type { IoFactory } from './realtime-client';

/** socket.io-client's own `io`: the default transport of the realtime client. */
export const socketIoFactory: IoFactory = (origin, options) => io(origin, options);
