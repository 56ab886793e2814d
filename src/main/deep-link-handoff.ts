import { deepLinkFromArgv, parseDeepLink } from './deep-link';
import type { Log } from './log';

export interface DeepLinkHandoffDeps {
  /** Shows, restores and focuses the main window. */
  focusWindow(): void;
  /** Tells the renderer to open the lead (bridge event openLead). */
  openLead(leadId: number): void;
  log: Log;
}

export interface DeepLinkHandoff {
  /** A link from macOS `open-url`, or found in argv. */
  receive(url: string): void;
  /** `second-instance`: the other launch's argv; it focuses this app whether or not it carried a link. */
  secondInstance(argv: readonly string[]): void;
  /** The renderer (re)starts loading: links wait until its shell asks for them. */
  rendererLoading(): void;
  /** The shell is up: answers a waiting lead once and sends later ones at once. */
  takePending(): number | null;
}

/**
 * Single-instance handoff (see docs/it-deployment.md): a second launch quits and hands its link to this one. A link that
 * arrives before the shell can show it (the app was started by the link, or the page is reloading) waits;
 * only the newest waits, as the user clicked it last.
 */
export function createDeepLinkHandoff(deps: DeepLinkHandoffDeps): DeepLinkHandoff {
  let pending: number | null = null;
  let shellReady = false;

  const receive = (url: string): void => {
    const link = parseDeepLink(url);
    if (!link) {
      // The URL may come from any page; its text is not logged whole.
      deps.log(`Ignored a deep link that is not crm://lead/{id} (${url.length} characters)`);
      return;
    }
    if (shellReady) deps.openLead(link.leadId);
    else pending = link.leadId;
  };

  return {
    receive(url) {
      receive(url);
      deps.focusWindow();
    },
    secondInstance(argv) {
      const url = deepLinkFromArgv(argv);
      if (url !== null) receive(url);
      deps.focusWindow();
    },
    rendererLoading() {
      shellReady = false;
    },
    takePending() {
      shellReady = true;
      const leadId = pending;
      pending = null;
      return leadId;
    },
  };
}
