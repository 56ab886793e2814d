import { z } from 'zod';
import type { CallOutcome } from './contract';
import { UPLOAD_MAX_FILES } from './contract/files';
import { realtimeEventSchemas } from './contract/realtime';
import { ACCELERATOR_MAX_LENGTH } from './domain/accelerator';
import { SAVE_DOCUMENT_MAX_BYTES } from './domain/document-file';
import { IMPORT_MAX_BYTES_CEILING } from './domain/import-limits';
import { MUTED_KEYWORD_LIMIT, MUTED_KEYWORD_MAX_LENGTH } from './domain/muted-keywords';
import type {
  AppSettings,
  BridgeEventName,
  BridgeEvents,
  GlobalShortcutStatus,
  LoginOutcome,
  PickImportFileOutcome,
  SaveExportOutcome,
  ServerCheck,
  SetGlobalShortcutOutcome,
  SessionStatus,
  StartupNotices,
  UpdateStatus,
} from './bridge';
import { UPDATE_MODES } from './domain/update-mode';

/**
 * The IPC between the desktop preload and the main process: one channel per `CrmBridge` method, each with
 * the zod schema of its payload. The main-process router validates every message against these before
 * anything else happens; the preload only sends what these describe.
 */
export const IPC_CHANNELS = {
  call: 'crm:call',
  login: 'crm:session:login',
  logout: 'crm:session:logout',
  status: 'crm:session:status',
  validate: 'crm:session:validate',
  getSettings: 'crm:settings:get',
  setServer: 'crm:settings:setServer',
  getMutedKeywords: 'crm:settings:getMutedKeywords',
  setMutedKeywords: 'crm:settings:setMutedKeywords',
  getGlobalShortcut: 'crm:settings:getGlobalShortcut',
  setGlobalShortcut: 'crm:settings:setGlobalShortcut',
  saveExport: 'crm:files:saveExport',
  saveDocument: 'crm:files:saveDocument',
  pickImportFile: 'crm:files:pickImportFile',
  updateStatus: 'crm:updates:status',
  updateCheck: 'crm:updates:check',
  updateDownload: 'crm:updates:download',
  updateRestart: 'crm:updates:restart',
  startupNotices: 'crm:app:startupNotices',
} as const;

export type IpcChannel = (typeof IPC_CHANNELS)[keyof typeof IPC_CHANNELS];

/** Channels without arguments carry `{}`; undefined and null are accepted too, nothing else. */
const emptyPayload = z.union([z.undefined(), z.null(), z.object({}).strict()]);

/**
 * Bytes arrive as an ArrayBuffer (Electron's structured clone) or a typed array (some hosts turn buffers
 * into Uint8Array); the tag check also works for values made in another realm.
 */
const binaryData = z.custom<ArrayBuffer | Uint8Array>(
  (value) =>
    Object.prototype.toString.call(value) === '[object ArrayBuffer]' ||
    Object.prototype.toString.call(value) === '[object Uint8Array]',
  'Binary data expected',
);

/**
 * The files of a multipart call, as the preload sends them: only these fields, bytes in memory. No call
 * takes more files than an upload of lead images; each call's own limits are checked with the contract.
 */
const callFilesSchema = z
  .array(z.object({ name: z.string().min(1).max(255), type: z.string().max(100), data: binaryData }).strict())
  .max(UPLOAD_MAX_FILES)
  .readonly();

/**
 * Only the envelope of a call is checked here; the router then validates `params`, `body` and `files`
 * with the named contract call's own schemas and limits.
 */
export const callPayloadSchema = z
  .object({
    name: z.string().min(1).max(64),
    input: z
      .object({
        params: z.record(z.string(), z.unknown()).optional(),
        body: z.unknown().optional(),
        files: callFilesSchema.optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export const loginPayloadSchema = z
  .object({
    email: z.string().max(254),
    password: z.string().max(256),
    remember: z.boolean(),
  })
  .strict();

export const validatePayloadSchema = z.object({ force: z.boolean().optional() }).strict();

export const serverChoiceSchema = z
  .object({
    mode: z.enum(['embedded', 'remote']),
    url: z.string().trim().min(1).max(2048).optional(),
  })
  .strict();

/** Words are trimmed and de-duplicated by the main process; here only the size is bounded. */
export const mutedKeywordsPayloadSchema = z
  .object({
    // Untrimmed words may be longer than the limit by their spaces; the main process trims and cuts.
    words: z.array(z.string().max(MUTED_KEYWORD_MAX_LENGTH * 2)).max(MUTED_KEYWORD_LIMIT * 2),
  })
  .strict();

/** The syntax (allow-list) is checked by the shortcut service, which answers a message the user can read. */
export const globalShortcutPayloadSchema = z
  .object({ accelerator: z.string().max(ACCELERATOR_MAX_LENGTH * 2) })
  .strict();

/** The main process resolves `url` against the API base itself and refuses anything outside it. */
export const saveExportPayloadSchema = z
  .object({
    url: z.string().trim().min(1).max(2048),
    suggestedName: z.string().trim().min(1).max(255),
  })
  .strict();

/** A PDF as base64 (20 MB at most once decoded); the main process checks the bytes before writing. */
export const saveDocumentPayloadSchema = z
  .object({
    suggestedName: z.string().trim().min(1).max(255),
    base64: z
      .string()
      .min(8)
      .max(Math.ceil((SAVE_DOCUMENT_MAX_BYTES * 4) / 3) + 4)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/),
  })
  .strict();

/** The server's file size limit; the main process also applies its own IMPORT_MAX_BYTES. */
export const pickImportFilePayloadSchema = z
  .object({ maxBytes: z.number().int().positive().max(IMPORT_MAX_BYTES_CEILING) })
  .strict();

export const ipcPayloadSchemas = {
  'crm:call': callPayloadSchema,
  'crm:session:login': loginPayloadSchema,
  'crm:session:logout': emptyPayload,
  'crm:session:status': emptyPayload,
  'crm:session:validate': validatePayloadSchema,
  'crm:settings:get': emptyPayload,
  'crm:settings:setServer': serverChoiceSchema,
  'crm:settings:getMutedKeywords': emptyPayload,
  'crm:settings:setMutedKeywords': mutedKeywordsPayloadSchema,
  'crm:settings:getGlobalShortcut': emptyPayload,
  'crm:settings:setGlobalShortcut': globalShortcutPayloadSchema,
  'crm:files:saveExport': saveExportPayloadSchema,
  'crm:files:saveDocument': saveDocumentPayloadSchema,
  'crm:files:pickImportFile': pickImportFilePayloadSchema,
  'crm:updates:status': emptyPayload,
  'crm:updates:check': emptyPayload,
  'crm:updates:download': emptyPayload,
  'crm:updates:restart': emptyPayload,
  'crm:app:startupNotices': emptyPayload,
} as const satisfies Record<IpcChannel, z.ZodType>;

export type IpcPayload<C extends IpcChannel> = z.input<(typeof ipcPayloadSchemas)[C]>;

/** What each channel answers; the preload trusts the main process for these shapes. */
export interface IpcResults {
  'crm:call': CallOutcome<unknown>;
  'crm:session:login': LoginOutcome;
  'crm:session:logout': undefined;
  'crm:session:status': SessionStatus;
  'crm:session:validate': SessionStatus;
  'crm:settings:get': AppSettings;
  'crm:settings:setServer': ServerCheck;
  'crm:settings:getMutedKeywords': string[];
  'crm:settings:setMutedKeywords': string[];
  'crm:settings:getGlobalShortcut': GlobalShortcutStatus;
  'crm:settings:setGlobalShortcut': SetGlobalShortcutOutcome;
  'crm:files:saveExport': SaveExportOutcome;
  'crm:files:saveDocument': SaveExportOutcome;
  'crm:files:pickImportFile': PickImportFileOutcome;
  'crm:updates:status': UpdateStatus;
  'crm:updates:check': UpdateStatus;
  'crm:updates:download': UpdateStatus;
  'crm:updates:restart': undefined;
  'crm:app:startupNotices': StartupNotices;
}

export const ipcChannelList: readonly IpcChannel[] = Object.values(IPC_CHANNELS);

export function isIpcChannel(value: unknown): value is IpcChannel {
  return typeof value === 'string' && Object.hasOwn(ipcPayloadSchemas, value);
}

// ---- Events pushed from main to the renderer --------------------------------------------------------

export const IPC_EVENT_PREFIX = 'crm:event:';

/** The events the bridge knows (`on` refuses other names); main validates with these before sending. */
const globalShortcutStatusSchema = z
  .object({ accelerator: z.string(), registered: z.boolean(), available: z.boolean() })
  .strict();

export const bridgeEventSchemas = {
  sessionExpired: z.object({ reason: z.string() }),
  notification: realtimeEventSchemas.notification,
  importProgress: realtimeEventSchemas.importProgress,
  fieldUpdate: realtimeEventSchemas.fieldUpdate,
  callOutcome: realtimeEventSchemas.callOutcome,
  transactionUpdate: realtimeEventSchemas.transactionUpdate,
  chatMessage: realtimeEventSchemas.chatMessage,
  realtimeStatus: z.object({ connected: z.boolean() }).strict(),
  openSearch: z.object({}).strict(),
  openLead: z.object({ leadId: z.number().int().positive() }).strict(),
  openChat: z.object({ channelId: z.number().int().positive() }).strict(),
  globalShortcutStatus: globalShortcutStatusSchema,
  updateStatus: z
    .object({
      state: z.enum([
        'disabled',
        'idle',
        'checking',
        'upToDate',
        'available',
        'downloading',
        'downloaded',
        'error',
      ]),
      mode: z.enum(UPDATE_MODES),
      version: z.string().max(64).nullable(),
      percent: z.number().min(0).max(100).nullable(),
      message: z.string().nullable(),
      canCheck: z.boolean(),
      userAsked: z.boolean(),
    })
    .strict(),
} as const satisfies { [E in BridgeEventName]: z.ZodType<BridgeEvents[E]> };

export function isBridgeEventName(value: unknown): value is BridgeEventName {
  return typeof value === 'string' && Object.hasOwn(bridgeEventSchemas, value);
}

export function eventChannel(event: BridgeEventName): string {
  return `${IPC_EVENT_PREFIX}${event}`;
}

// ---- Messages from the embedded server process to the main process ----------------------------------

/** The embedded CRM server (a child process) reports once: ready with its API base, or why it failed. */
export const embeddedServerMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ready'),
    apiBase: z.url({ protocol: /^https?$/ }),
    /** The demo accounts' password made at the first start (told once). */
    firstPassword: z.string().min(10).max(200).optional(),
  }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type EmbeddedServerMessage = z.infer<typeof embeddedServerMessageSchema>;
