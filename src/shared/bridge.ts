import type { CallInput, CallName, CallOutcome, CallResult } from './contract';

/** What the login screen gets back; the token itself never reaches the renderer. */
export interface LoginOutcome {
  success: boolean;
  msg: string;
  /** true when the server could not be reached at all ('Crm erişim sorunu'). */
  networkError: boolean;
}

export interface SessionStatus {
  authenticated: boolean;
  userName: string | null;
  userId: number | null;
  /** epoch ms of the last successful /auth/validate, for the once-an-hour rule. */
  validatedAt: number | null;
}

export type ServerMode = 'embedded' | 'remote';

export interface AppSettings {
  /** null until the first-run screen has been answered (desktop); the web edition is always set. */
  serverUrl: string | null;
  serverMode: ServerMode | null;
  /** The desktop app can start its own embedded server; the web edition cannot. */
  canEmbed: boolean;
}

export interface ServerChoice {
  mode: ServerMode;
  /** API base for remote mode, e.g. https://crm.example.com/api */
  url?: string;
}

export type ServerCheck = { ok: true; settings: AppSettings } | { ok: false; message: string };

/** One file of an export answer (`excelFiles`), to be saved on this machine. */
export interface SaveExportInput {
  /** As the server answered it: a path on the API base or an absolute URL on it; anything else is refused. */
  url: string;
  /** File name to offer; made safe (no path, .xlsx) before use. */
  suggestedName: string;
}

/** `path` is where the desktop app wrote the file; the web edition hands it to the browser's downloads. */
export type SaveExportOutcome =
  { ok: true; path?: string } | { ok: false; message: string; canceled?: boolean };

/** Events pushed to the renderer. */
export interface BridgeEvents {
  /** the server refused the token: the renderer goes to /login */
  sessionExpired: { reason: string };
}
export type BridgeEventName = keyof BridgeEvents;

/** The one object the renderer talks to: window.crm in the desktop app, an HTTP bridge in the browser. */
export interface CrmBridge {
  edition: 'desktop' | 'web';
  call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutcome<CallResult<N>>>;
  session: {
    login(input: { email: string; password: string; remember: boolean }): Promise<LoginOutcome>;
    logout(): Promise<void>;
    status(): Promise<SessionStatus>;
    /** POST /auth/validate, at most once an hour unless forced. */
    validate(force?: boolean): Promise<SessionStatus>;
  };
  settings: {
    get(): Promise<AppSettings>;
    /** Checks that the address answers as this API before saving it. */
    setServer(choice: ServerChoice): Promise<ServerCheck>;
  };
  files: {
    /**
     * Downloads an export file with the session's token and saves it: the desktop app asks where (its
     * main process downloads, so the token stays there), the web edition starts a browser download.
     */
    saveExport(input: SaveExportInput): Promise<SaveExportOutcome>;
  };
  on<E extends BridgeEventName>(event: E, listener: (payload: BridgeEvents[E]) => void): () => void;
}
