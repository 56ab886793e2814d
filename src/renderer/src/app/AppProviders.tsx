import { BlueprintProvider } from '@blueprintjs/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ConnectionContext } from '../api/connection-context';
import { createConnectionMonitor, type ConnectionMonitor } from '../api/connection-monitor';
import type { CrmBridge } from '../../../shared/bridge';
import { BridgeContext } from '../bridge/bridge-context';
import { ToasterProvider } from '../ui/toaster';

export type AppProvidersProps = {
  bridge: CrmBridge;
  queryClient: QueryClient;
  /** The monitor the query client reports to; a fresh one unless given (tests). */
  connection?: ConnectionMonitor;
  children: ReactNode;
};

export function AppProviders({ bridge, queryClient, connection, children }: AppProvidersProps): ReactNode {
  const [fallback] = useState(createConnectionMonitor);
  return (
    <ConnectionContext value={connection ?? fallback}>
      <BridgeContext value={bridge}>
        <QueryClientProvider client={queryClient}>
          <BlueprintProvider>
            <ToasterProvider>{children}</ToasterProvider>
          </BlueprintProvider>
        </QueryClientProvider>
      </BridgeContext>
    </ConnectionContext>
  );
}
