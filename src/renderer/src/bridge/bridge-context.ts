import { createContext, useContext } from 'react';
import type { CrmBridge } from '../../../shared/bridge';

export const BridgeContext = createContext<CrmBridge | null>(null);

export function useBridge(): CrmBridge {
  const bridge = useContext(BridgeContext);
  if (!bridge) throw new Error('useBridge needs a BridgeContext provider above it');
  return bridge;
}
