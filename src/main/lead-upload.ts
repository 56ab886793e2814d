import type { UploadLeadImagesInput, UploadLeadImagesOutcome } from '../shared/bridge';
import type { FetchLike } from '../shared/contract';
import { messages } from '../shared/i18n/messages';
import { sendLeadUpload } from '../shared/lead-upload';

export interface LeadUploaderDeps {
  /** Where the API is now (the session manager's source): null while no server is reachable. */
  apiBase(): Promise<string | null>;
  /** The stored session token; the renderer never sees it. */
  token(): Promise<string | null>;
  fetch: FetchLike;
  /** The server refused the token (401): re-validating ends the session as any other call's 401 does. */
  onUnauthorized?: () => void | Promise<void>;
  timeoutMs?: number;
}

/** What arrived over IPC: an ArrayBuffer, or a typed array some hosts turn it into. */
export type IpcLeadImagesInput = Omit<UploadLeadImagesInput, 'files'> & {
  files: { name: string; type: string; data: ArrayBuffer | Uint8Array }[];
};

export interface LeadUploader {
  uploadLeadImages(input: IpcLeadImagesInput): Promise<UploadLeadImagesOutcome>;
}

/** Copies a view's bytes into an ArrayBuffer of its own, so no other bytes of a shared buffer are sent. */
function toArrayBuffer(data: ArrayBuffer | Uint8Array): ArrayBuffer {
  if (data instanceof ArrayBuffer) return data;
  const copy = new Uint8Array(data.byteLength);
  copy.set(data);
  return copy.buffer;
}

/**
 * The desktop side of files.uploadLeadImages: the renderer hands over the bytes, this posts them as
 * multipart/form-data to POST /upload/{leadId} with the token from the vault (mirrors the export
 * downloader: the token stays in the main process).
 */
export function createLeadUploader(deps: LeadUploaderDeps): LeadUploader {
  return {
    async uploadLeadImages(input) {
      const apiBase = await deps.apiBase();
      if (apiBase === null) return { ok: false, message: messages.crmAccessProblem };
      const token = await deps.token();
      if (token === null) return { ok: false, message: messages.sessionExpired };
      const { outcome, status } = await sendLeadUpload({
        apiBase,
        token,
        fetch: deps.fetch,
        input: {
          leadId: input.leadId,
          fileCat: input.fileCat,
          files: input.files.map((file) => ({ ...file, data: toArrayBuffer(file.data) })),
        },
        timeoutMs: deps.timeoutMs,
      });
      if (status === 401) await deps.onUnauthorized?.();
      return outcome;
    },
  };
}
