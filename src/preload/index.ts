import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { createBridge } from './create-bridge';

// The renderer gets window.crm and nothing else: no ipcRenderer, no generic invoke, no Node.
contextBridge.exposeInMainWorld(
  'crm',
  createBridge({
    invoke: (channel, payload) => ipcRenderer.invoke(channel, payload),
    on: (channel, listener) => {
      // The IPC event object carries `sender` (the ipcRenderer itself): it must not reach the page.
      const forward = (_event: IpcRendererEvent, payload: unknown): void => listener(payload);
      ipcRenderer.on(channel, forward);
      return () => {
        ipcRenderer.removeListener(channel, forward);
      };
    },
  }),
);
