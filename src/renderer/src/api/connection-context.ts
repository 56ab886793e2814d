import { createContext, useContext } from 'react';
import { createConnectionMonitor, type ConnectionMonitor } from './connection-monitor';

/** The app's one connection monitor (made with the query client, see main.tsx). */
export const ConnectionContext = createContext<ConnectionMonitor>(createConnectionMonitor());

export const useConnectionMonitor = (): ConnectionMonitor => useContext(ConnectionContext);
