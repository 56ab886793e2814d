import type { CrmBridge } from '../../../shared/bridge';
import { createWebBridge } from './web-bridge';

declare global {
  interface Window {
    /** Set by the desktop preload (contextBridge); absent when the page is served to a browser. */
    crm?: CrmBridge;
  }
}

/** The renderer decides its edition once, at start: desktop when the preload exposed a bridge. */
export function pickBridge(): CrmBridge {
  if (window.crm) return window.crm;
  return createWebBridge({
    apiBase: '/api',
    storage: { persistent: window.localStorage, session: window.sessionStorage },
  });
}
