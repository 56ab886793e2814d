import type { CallInput, CallName, CallOutcome, CallResult } from './contract';
import type { ImportFileProblem, ParsedImportFile } from './domain/import-file';
import type { UpdateMode } from './domain/update-mode';
import type {
  CallOutcomeEvent,
  TransactionUpdateEvent,
  ChatMessageEvent,
  FieldUpdateEvent,
  ImportProgressEvent,
  NotificationEvent,
} from './contract/realtime';

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
  /** IT preset the server address by policy (CrmAddress): it cannot be changed on this machine. */
  serverLocked?: boolean;
}

export interface ServerChoice {
  mode: ServerMode;
  /** API base for remote mode, e.g. https://crm.example.com/api */
  url?: string;
}

export type ServerCheck =
  /** firstPassword: the embedded server's demo accounts' password, made at its first start (shown once). */
  { ok: true; settings: AppSettings; firstPassword?: string } | { ok: false; message: string };

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

/** A document the renderer made (an offer's PDF) to be saved on this machine. */
export interface SaveDocumentInput {
  /** File name to offer; made safe (no path, .pdf) before use. */
  suggestedName: string;
  /** The file's bytes, base64 (crosses IPC and test bindings as text); only PDFs are accepted. */
  base64: string;
}

/** The system-wide shortcut that brings the app forward with the search open (desktop only). */
export interface GlobalShortcutStatus {
  /** Electron accelerator syntax, e.g. 'CommandOrControl+K'. */
  accelerator: string;
  /** false when another application holds the combination (or where there are no global shortcuts). */
  registered: boolean;
  /** false in the web edition: a page cannot register system-wide shortcuts. */
  available: boolean;
}

export type SetGlobalShortcutOutcome =
  | { ok: true; status: GlobalShortcutStatus }
  /** Invalid syntax or taken by another application; `status` is what stays in force. */
  | { ok: false; message: string; status: GlobalShortcutStatus };

/** Events pushed to the renderer. */
export interface BridgeEvents {
  /** the server refused the token: the renderer goes to /login */
  sessionExpired: { reason: string };
  /** socket.io pushes of the CRM server, validated with the contract (shared/contract/realtime). */
  notification: NotificationEvent;
  importProgress: ImportProgressEvent;
  fieldUpdate: FieldUpdateEvent;
  /** What became of the agent's own call (the PBX's late answer), with a Turkish message. */
  callOutcome: CallOutcomeEvent;
  /** A money instruction changed: the transactions workspace and the lead's money tab reload. */
  transactionUpdate: TransactionUpdateEvent;
  /** A chat channel the user may read got a message or changed: the chat screen reloads it. */
  chatMessage: ChatMessageEvent;
  /** The real-time connection came up or went down; on `connected` the drawer may have missed pushes. */
  realtimeStatus: { connected: boolean };
  /** The global shortcut was pressed: the window is already in front, the renderer opens the search. */
  openSearch: Record<string, never>;
  /** A native notification or a tray reminder was clicked: show /leadDetail/{leadId}. */
  openLead: { leadId: number };
  /** A native chat notification was clicked: show /chat/ch/{channelId}. */
  openChat: { channelId: number };
  /** The global shortcut's registration changed (e.g. another application took it). */
  globalShortcutStatus: GlobalShortcutStatus;
  /** The desktop updater moved on (checking, download progress, ready to restart, refused). */
  updateStatus: UpdateStatus;
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
    /** Muted keywords of the notification drawer; the desktop app also mutes native notifications. */
    getMutedKeywords(): Promise<string[]>;
    /** Replaces the list; answers it cleaned (trimmed, non-empty, no repeats under Turkish folding). */
    setMutedKeywords(words: string[]): Promise<string[]>;
    getGlobalShortcut(): Promise<GlobalShortcutStatus>;
    /** Registers a new accelerator (allow-listed Electron syntax); the old one stays on failure. */
    setGlobalShortcut(accelerator: string): Promise<SetGlobalShortcutOutcome>;
  };
  /**
   * What needs the operating system rather than the API: its save dialog. Transfers themselves are
   * contract calls (an upload sends files with `call`, a lead's image comes back from `call` as bytes).
   */
  files: {
    /**
     * Saves an export file with the session's token: the desktop app asks where with the OS save dialog
     * (its main process downloads, so the token stays there), the web edition starts a browser download.
     */
    saveExport(input: SaveExportInput): Promise<SaveExportOutcome>;
    /**
     * Saves a document the renderer built (an offer's PDF): the desktop app asks where with the OS save
     * dialog and the main process writes it, the web edition starts a browser download.
     */
    saveDocument(input: SaveDocumentInput): Promise<SaveExportOutcome>;
  };
  on<E extends BridgeEventName>(event: E, listener: (payload: BridgeEvents[E]) => void): () => void;
  /** What only the installed desktop app has (updates, crash recovery, deep links); absent on the web. */
  desktop?: DesktopBridge;
}

/** Where the desktop updater stands; the renderer shows it, the main process decides (IT's UpdateMode). */
export type UpdateState =
  'disabled' | 'idle' | 'checking' | 'upToDate' | 'available' | 'downloading' | 'downloaded' | 'error';

export interface UpdateStatus {
  state: UpdateState;
  /** The mode in force: IT's policy, else `default`. */
  mode: UpdateMode;
  /** The version offered or downloaded. */
  version: string | null;
  /** Download progress 0-100 while `downloading`. */
  percent: number | null;
  /** Turkish text for `disabled` and `error` (e.g. a signature or hash mismatch refused the update). */
  message: string | null;
  /** Whether a "check now" is allowed (not under UpdateMode none, not while one runs). */
  canCheck: boolean;
  /** The state follows a check the user asked for: "checking" and "up to date" are worth showing then. */
  userAsked: boolean;
}

/** What the renderer collects once its shell is up: a crash it recovered from, a lead a link asked for. */
export interface StartupNotices {
  /** The previous page crashed and was reloaded: form input that was not saved is gone. */
  recoveredFromCrash: boolean;
  /** crm://lead/{id} that started or reached the app before the shell could show it. */
  leadId: number | null;
}

/** What the importer asks of the desktop app's file dialog: the server's IMPORT_MAX_BYTES. */
export interface PickImportFileInput {
  maxBytes: number;
}

/**
 * The file the user chose in the OS dialog, read and parsed by the main process (off the UI thread), or
 * why it is refused (the screen words each problem), or that the dialog was closed without a choice.
 */
export type PickImportFileOutcome =
  | { ok: true; name: string; size: number; file: ParsedImportFile }
  | { ok: false; canceled: true }
  | { ok: false; canceled: false; problem: ImportFileProblem };

export interface DesktopBridge {
  updates: {
    status(): Promise<UpdateStatus>;
    /** Looks for an update now (UpdateMode manual/start/default). */
    check(): Promise<UpdateStatus>;
    /** Downloads the update offered (UpdateMode manual asks before downloading). */
    download(): Promise<UpdateStatus>;
    /** "Güncellemek için yeniden başlat": quits and installs the downloaded update. */
    restart(): Promise<void>;
  };
  takeStartupNotices(): Promise<StartupNotices>;
  /**
   * The importer's file (Excel Yükle): the main process opens the OS dialog, checks the type and size
   * and parses the file in a worker thread; the renderer gets the header and rows only.
   */
  pickImportFile(input: PickImportFileInput): Promise<PickImportFileOutcome>;
}
