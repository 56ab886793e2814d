import type { ReadLeadFileInput } from '../shared/bridge';
import type { FetchLike } from '../shared/contract';
import { messages } from '../shared/i18n/messages';
import { fetchLeadFile, type LeadFileReadOutcome } from '../shared/lead-file-read';

export interface LeadFileReaderDeps {
  /** Where the API is now (the session manager's source): null while no server is reachable. */
  apiBase(): Promise<string | null>;
  /** The stored session token; the renderer never sees it. */
  token(): Promise<string | null>;
  fetch: FetchLike;
  /** The server refused the token (401): re-validating ends the session as any other call's 401 does. */
  onUnauthorized?: () => void | Promise<void>;
  timeoutMs?: number;
}

export interface LeadFileReader {
  /** Answers the bytes as a Uint8Array (what IPC carries); the preload hands the renderer an ArrayBuffer. */
  readLeadFile(input: ReadLeadFileInput): Promise<LeadFileReadOutcome>;
}

/**
 * The desktop side of files.readLeadFile: GET /file/{id} with the token from the vault (mirrors the
 * uploader: the token stays in the main process), checked and size-limited by the shared reader.
 */
export function createLeadFileReader(deps: LeadFileReaderDeps): LeadFileReader {
  return {
    async readLeadFile(input) {
      const apiBase = await deps.apiBase();
      if (apiBase === null) return { ok: false, message: messages.crmAccessProblem };
      const token = await deps.token();
      if (token === null) return { ok: false, message: messages.sessionExpired };
      const { outcome, status } = await fetchLeadFile({
        apiBase,
        token,
        fetch: deps.fetch,
        id: input.id,
        timeoutMs: deps.timeoutMs,
      });
      if (status === 401) await deps.onUnauthorized?.();
      return outcome;
    },
  };
}
