import { createBridge } from '../../../src/preload/create-bridge';
import type { CrmBridge } from '../../../src/shared/bridge';

type Listener = (payload: unknown) => void;

declare global {
  interface Window {
    crm?: CrmBridge;
    /** Playwright binding into the real main-process router running in the test process. */
    __crmIpcInvoke(channel: string, payload: unknown): Promise<unknown>;
    /** Called by the test process to push a main-process event, as webContents.send would. */
    __crmIpcDispatch(channel: string, payload: unknown): void;
  }
}

// The same bridge the preload exposes, built on the binding instead of ipcRenderer.
const listeners = new Map<string, Set<Listener>>();
window.__crmIpcDispatch = (channel, payload) => {
  listeners.get(channel)?.forEach((listener) => listener(payload));
};
window.crm = createBridge({
  invoke: (channel, payload) => window.__crmIpcInvoke(channel, payload),
  on: (channel, listener) => {
    const set = listeners.get(channel) ?? new Set<Listener>();
    set.add(listener);
    listeners.set(channel, set);
    return () => set.delete(listener);
  },
});
