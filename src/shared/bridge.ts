import type { CallInput, CallName, CallOutcome, CallResult } from './contract';
import type { UploadMimeType } from './contract/files';
import type { FieldUpdateEvent, ImportProgressEvent, NotificationEvent } from './contract/realtime';

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

/** One image picked for a lead's Dosyalar tab, read into memory by the renderer. */
export interface LeadImageFile {
  name: string;
  /** The browser's MIME guess; the server decides by the bytes, not by this or the name. */
  type: string;
  data: ArrayBuffer;
}

/** POST /upload/{leadId}: category (option list 108) and the files, all stored or none. */
export interface UploadLeadImagesInput {
  leadId: number;
  fileCat: number;
  files: LeadImageFile[];
}

export type UploadLeadImagesOutcome = { ok: true; count: number } | { ok: false; message: string };

/** GET /file/{id}: the bytes of one stored image of a lead, for showing and saving it. */
export interface ReadLeadFileInput {
  id: number;
}

export type ReadLeadFileOutcome =
  { ok: true; mime: UploadMimeType; data: ArrayBuffer } | { ok: false; message: string };

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
  /** The real-time connection came up or went down; on `connected` the drawer may have missed pushes. */
  realtimeStatus: { connected: boolean };
  /** The global shortcut was pressed: the window is already in front, the renderer opens the search. */
  openSearch: Record<string, never>;
  /** A native notification or a tray reminder was clicked: show /leadDetail/{leadId}. */
  openLead: { leadId: number };
  /** The global shortcut's registration changed (e.g. another application took it). */
  globalShortcutStatus: GlobalShortcutStatus;
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
  files: {
    /**
     * Downloads an export file with the session's token and saves it: the desktop app asks where (its
     * main process downloads, so the token stays there), the web edition starts a browser download.
     */
    saveExport(input: SaveExportInput): Promise<SaveExportOutcome>;
    /**
     * Uploads images of a lead as multipart/form-data (not a contract call: the body is binary). The
     * desktop main process sends it with the token from the vault; the web edition with its stored token.
     */
    uploadLeadImages(input: UploadLeadImagesInput): Promise<UploadLeadImagesOutcome>;
    /**
     * Reads one stored image of a lead (GET /file/{id}) into memory, so the renderer can show it from a
     * blob URL: an <img src> cannot send the token, and in the desktop app the renderer has none.
     */
    readLeadFile(input: ReadLeadFileInput): Promise<ReadLeadFileOutcome>;
  };
  on<E extends BridgeEventName>(event: E, listener: (payload: BridgeEvents[E]) => void): () => void;
}
