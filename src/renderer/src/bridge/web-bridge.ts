import type {
  AppSettings,
  BridgeEventName,
  BridgeEvents,
  CrmBridge,
  LoginOutcome,
  SaveDocumentInput,
  SaveExportInput,
  SaveExportOutcome,
  ServerCheck,
  ServerChoice,
  SessionStatus,
} from '../../../shared/bridge';
import {
  contract,
  exportFileInput,
  openCall,
  sendCall,
  type CallInput,
  type CallName,
  type CallOutcome,
  type CallResult,
  type ContractClientOptions,
  type FetchLike,
  type RawCallInput,
} from '../../../shared/contract';
import { LOGIN_VALIDATION_INTERVAL_MS, looksLikePdf, safePdfFileName } from '../../../shared/domain';
import { safeExportFileName } from '../../../shared/domain/export';
import { messages } from '../../../shared/i18n/messages';
import { uiTexts } from '../i18n/ui-texts';
import { createSessionStore, type BrowserStorages, type StoredSession } from './session-store';
import { createWebShellSettings } from './web-shell-settings';
import {
  createWebRealtime,
  isWebRealtimeEvent,
  WEB_REALTIME_EVENTS,
  type RealtimeConnect,
} from './web-realtime';

export interface WebBridgeOptions {
  /** API base; a path like '/api' is resolved against the page's origin. */
  apiBase: string;
  storage: BrowserStorages;
  fetch?: FetchLike;
  /** Page origin, for settings.get; defaults to location.origin. */
  origin?: string;
  now?: () => number;
  /** Hands a downloaded file to the browser; defaults to a blob URL and an <a download> click. */
  download?: (file: Blob, fileName: string) => void;
  /** Opens the socket.io connection; defaults to socket.io-client, loaded on first use. */
  connectRealtime?: RealtimeConnect;
}

/** Several queries can fail with 401 at once; one redirect to /login is enough. */
const EXPIRY_DEBOUNCE_MS = 2_000;

function trimSlashes(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The browser's own download of an in-memory file: it lands in the user's Downloads folder. */
function browserDownload(file: Blob, fileName: string): void {
  const href = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty for it to start.
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * The browser edition of CrmBridge: HTTP through the shared contract sender, the token in Web Storage.
 * Screens cannot tell it from the desktop bridge, which keeps the token in the main process instead.
 */
export function createWebBridge(options: WebBridgeOptions): CrmBridge {
  const store = createSessionStore(options.storage);
  const now = options.now ?? ((): number => Date.now());
  const origin = options.origin ?? window.location.origin;
  const serverUrl = trimSlashes(
    options.apiBase.startsWith('/') ? `${origin}${options.apiBase}` : options.apiBase,
  );
  // window.fetch loses its receiver when stored in an object, hence the wrapper.
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => window.fetch(url, init));
  const client: ContractClientOptions = {
    baseUrl: serverUrl,
    fetch: fetchImpl,
    getToken: () => store.read().token,
  };

  const listeners = new Map<BridgeEventName, Set<(payload: BridgeEvents[BridgeEventName]) => void>>();
  let lastExpiryAt = Number.NEGATIVE_INFINITY;

  const emit = <E extends BridgeEventName>(event: E, payload: BridgeEvents[E]): void => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };

  // Real-time pushes (notification, importProgress, fieldUpdate): in the desktop app the main process
  // holds this socket; here the bridge does, connecting once a screen listens and a token exists.
  const realtime = createWebRealtime({
    origin: new URL(serverUrl).origin,
    getToken: () => store.read().token,
    emit,
    connect: options.connectRealtime,
  });
  const hasRealtimeListeners = (): boolean =>
    WEB_REALTIME_EVENTS.some((event) => (listeners.get(event)?.size ?? 0) > 0);

  const expire = (reason: string): void => {
    store.clear();
    realtime.stop();
    if (now() - lastExpiryAt < EXPIRY_DEBOUNCE_MS) return;
    lastExpiryAt = now();
    emit('sessionExpired', { reason });
  };

  const toStatus = (stored: StoredSession): SessionStatus => ({
    authenticated: stored.token !== null,
    userName: stored.userName,
    userId: stored.userId,
    validatedAt: stored.validatedAt,
  });

  const settings: AppSettings = { serverUrl, serverMode: 'remote', canEmbed: false };
  const download = options.download ?? browserDownload;

  /** The exportFile call (only for a download on the API base) with the token, handed to the browser. */
  const saveExport = async (input: SaveExportInput): Promise<SaveExportOutcome> => {
    const call = exportFileInput(serverUrl, input.url);
    if (call === null) return { ok: false, message: messages.invalidRequest };
    if (!store.read().token) {
      expire(messages.sessionExpired);
      return { ok: false, message: messages.sessionExpired };
    }
    const opened = await openCall(contract.exportFile, call, client);
    if (!opened.ok) {
      if (opened.error.kind === 'unauthorized') expire(opened.error.message);
      return { ok: false, message: opened.error.message };
    }
    try {
      const headers = { 'Content-Type': opened.data.mime };
      download(
        await new Response(opened.data.body, { headers }).blob(),
        safeExportFileName(input.suggestedName),
      );
    } catch {
      return { ok: false, message: messages.exportSaveFailed };
    }
    return { ok: true };
  };

  /** A document the page built (an offer's PDF), handed to the browser's downloads. */
  const saveDocument = async (input: SaveDocumentInput): Promise<SaveExportOutcome> => {
    try {
      const bytes = Uint8Array.from(atob(input.base64), (char) => char.charCodeAt(0));
      if (!looksLikePdf(bytes)) return { ok: false, message: messages.invalidRequest };
      download(new Blob([bytes], { type: 'application/pdf' }), safePdfFileName(input.suggestedName));
      return { ok: true };
    } catch {
      return { ok: false, message: messages.exportSaveFailed };
    }
  };

  const validate = async (force = false): Promise<SessionStatus> => {
    const stored = store.read();
    if (!stored.token) return toStatus(stored);
    const fresh = stored.validatedAt !== null && now() - stored.validatedAt < LOGIN_VALIDATION_INTERVAL_MS;
    if (fresh && !force) return toStatus(stored);

    const outcome = await sendCall(contract.validate, {}, client);
    if (outcome.ok) {
      if (!outcome.data.success) {
        store.clear();
        return toStatus(store.read());
      }
      const user = outcome.data.data;
      store.update({ validatedAt: now(), ...(user ? { userName: user.userName, userId: user.userId } : {}) });
      return toStatus(store.read());
    }
    if (outcome.error.kind === 'unauthorized') {
      store.clear();
      return toStatus(store.read());
    }
    // Network, server or protocol trouble says nothing about the token: keep the session and let the
    // next call (GET /permissions in the shell) show what is wrong.
    return toStatus(stored);
  };

  const login = async (input: {
    email: string;
    password: string;
    remember: boolean;
  }): Promise<LoginOutcome> => {
    const outcome = await sendCall(
      contract.login,
      { body: { email: input.email, password: input.password, remember: input.remember ? 1 : 0 } },
      { ...client, getToken: () => null },
    );
    if (!outcome.ok) {
      if (outcome.error.kind === 'network') {
        return { success: false, msg: messages.crmAccessProblem, networkError: true };
      }
      return { success: false, msg: outcome.error.message, networkError: false };
    }
    const { success, token, msg } = outcome.data;
    if (!success || !token) {
      return { success: false, msg: msg || messages.invalidCredentials, networkError: false };
    }
    store.start(token, input.remember);
    // /auth/login answers only the token; the user's name and id come from /auth/validate.
    await validate(true);
    // A socket of an earlier session must not carry on with the new user's screens.
    realtime.stop();
    if (hasRealtimeListeners()) realtime.start();
    return { success: true, msg, networkError: false };
  };

  return {
    edition: 'web',

    async call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutcome<CallResult<N>>> {
      const spec = contract[name];
      const outcome = (await sendCall(spec, input as RawCallInput, client)) as CallOutcome<CallResult<N>>;
      if (!outcome.ok && outcome.error.kind === 'unauthorized' && spec.auth) {
        expire(outcome.error.message || messages.sessionExpired);
      }
      return outcome;
    },

    session: {
      login,
      async logout() {
        if (store.read().token) {
          // Best effort: the token is forgotten here whether or not the server hears about it.
          await sendCall(contract.logout, {}, client).catch(() => undefined);
        }
        store.clear();
        realtime.stop();
      },
      async status() {
        return toStatus(store.read());
      },
      validate,
    },

    settings: {
      async get() {
        return { ...settings };
      },
      async setServer(choice: ServerChoice): Promise<ServerCheck> {
        // The page belongs to its server; only the address it came from is a valid choice.
        if (choice.mode === 'remote' && choice.url !== undefined && trimSlashes(choice.url) === serverUrl) {
          return { ok: true, settings: { ...settings } };
        }
        return { ok: false, message: uiTexts.serverCannotChangeOnWeb };
      },
      ...createWebShellSettings(options.storage.persistent),
    },

    files: { saveExport, saveDocument },

    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      const wrapped = listener as (payload: BridgeEvents[BridgeEventName]) => void;
      set.add(wrapped);
      listeners.set(event, set);
      if (isWebRealtimeEvent(event)) realtime.start();
      return () => {
        set.delete(wrapped);
      };
    },
  };
}
