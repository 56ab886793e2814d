import { createWebBridge, type WebBridgeOptions } from '../../../src/renderer/src/bridge/web-bridge';
import type { KeyValueStorage } from '../../../src/renderer/src/bridge/session-store';

/** Web Storage in memory. */
export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

export type SeenWebRequest = { url: string; init: RequestInit };

/**
 * The web bridge of https://crm.firma.com with a remembered session token 'tok-web', its requests
 * answered by `respond` and recorded. `options` adds what a test needs (a download function, say).
 */
export function createTestWebBridge(
  respond: (url: string, init: RequestInit) => Response,
  options: Partial<WebBridgeOptions> = {},
) {
  const requests: SeenWebRequest[] = [];
  const persistent = memoryStorage();
  persistent.setItem('authToken', 'tok-web');
  const bridge = createWebBridge({
    apiBase: '/api',
    origin: 'https://crm.firma.com',
    storage: { persistent, session: memoryStorage() },
    fetch: async (url, init) => {
      requests.push({ url, init });
      return respond(url, init);
    },
    ...options,
  });
  return { bridge, requests, persistent };
}
