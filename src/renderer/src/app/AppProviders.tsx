import { BlueprintProvider } from '@blueprintjs/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { CrmBridge } from '../../../shared/bridge';
import { BridgeContext } from '../bridge/bridge-context';
import { ToasterProvider } from '../ui/toaster';

export type AppProvidersProps = {
  bridge: CrmBridge;
  queryClient: QueryClient;
  children: ReactNode;
};

export function AppProviders({ bridge, queryClient, children }: AppProvidersProps): ReactNode {
  return (
    <BridgeContext value={bridge}>
      <QueryClientProvider client={queryClient}>
        <BlueprintProvider>
          <ToasterProvider>{children}</ToasterProvider>
        </BlueprintProvider>
      </QueryClientProvider>
    </BridgeContext>
  );
}
