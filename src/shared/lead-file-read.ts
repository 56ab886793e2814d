import { errorAnswer, joinUrl, type FetchLike } from './contract';
import {
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MIME_TYPES,
  fileDownloadPath,
  type UploadMimeType,
} from './contract/files';
import { format, messages } from './i18n/messages';

/**
 * Reading one stored image of a lead (GET /file/{id}) into memory, shared by the web bridge (token from
 * Web Storage) and the desktop main process (token from the vault), so both send the same request and
 * apply the same checks to the answer. Not a contract call: the answer is binary.
 */
export interface LeadFileReadRequest {
  /** API base, e.g. http://127.0.0.1:8080/api */
  apiBase: string;
  token: string;
  fetch: FetchLike;
  id: number;
  timeoutMs?: number;
}

/**
 * The bytes as a Uint8Array that owns its whole buffer: Electron's IPC and the e2e harness's Playwright
 * binding both carry typed arrays, the binding does not carry a bare ArrayBuffer.
 */
export type LeadFileReadOutcome =
  { ok: true; mime: UploadMimeType; data: Uint8Array<ArrayBuffer> } | { ok: false; message: string };

export interface LeadFileReadResult {
  outcome: LeadFileReadOutcome;
  /** HTTP status (0: no answer); 401 tells the caller the session is gone. */
  status: number;
}

/** A 10 MB image on a slow line; the whole read, body included, must end within this. */
const READ_TIMEOUT_MS = 2 * 60 * 1000;

const MB = 1024 * 1024;

/**
 * Stored files are at most UPLOAD_MAX_FILE_BYTES (the upload refuses more). The margin lets another
 * server of this API round its limit a little differently; anything beyond it is not one of the lead's
 * uploads and is not held in memory.
 */
export const LEAD_FILE_READ_MAX_BYTES = UPLOAD_MAX_FILE_BYTES + 64 * 1024;

/** `image/png; charset=binary` -> `image/png`, only for the two types an upload may have. */
function imageMime(contentType: string | null): UploadMimeType | null {
  const mime = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return UPLOAD_MIME_TYPES.find((allowed) => allowed === mime) ?? null;
}

async function failureText(response: Response): Promise<string> {
  // 401 first, whatever the body says: the caller ends the session on it.
  if (response.status === 401) return messages.sessionExpired;
  try {
    const parsed = errorAnswer.safeParse(await response.json());
    if (parsed.success) return parsed.data.msg;
  } catch {
    // Not our JSON error answer (a proxy's page, say).
  }
  return response.status === 404 ? messages.recordNotFound : messages.fileOpenFailed;
}

/** Reads the body chunk by chunk and stops (cancelling the rest) as soon as it passes `max` bytes. */
async function readAtMost(
  body: ReadableStream<Uint8Array>,
  max: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const data = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    data.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return data;
}

export async function fetchLeadFile(request: LeadFileReadRequest): Promise<LeadFileReadResult> {
  if (!Number.isSafeInteger(request.id) || request.id <= 0) {
    return { outcome: { ok: false, message: messages.invalidRequest }, status: 0 };
  }
  const tooLarge = format(messages.fileOpenTooLarge, { mb: UPLOAD_MAX_FILE_BYTES / MB });
  let response: Response;
  try {
    response = await request.fetch(joinUrl(request.apiBase, fileDownloadPath(request.id), {}), {
      method: 'GET',
      headers: { Accept: 'image/jpeg, image/png', Authorization: `Bearer ${request.token}` },
      // A redirect could carry the request (and the token) to another origin: refuse it.
      redirect: 'error',
      signal: AbortSignal.timeout(request.timeoutMs ?? READ_TIMEOUT_MS),
    });
  } catch {
    return { outcome: { ok: false, message: messages.crmAccessProblem }, status: 0 };
  }
  const { status } = response;
  if (!response.ok) return { outcome: { ok: false, message: await failureText(response) }, status };

  const discard = (): void => {
    void response.body?.cancel().catch(() => undefined);
  };
  // Only an image goes on to the renderer: a blob of any other type could be, say, HTML.
  const mime = imageMime(response.headers.get('content-type'));
  if (mime === null) {
    discard();
    return { outcome: { ok: false, message: messages.fileOpenNotImage }, status };
  }
  // A declared size over the limit is refused before a byte is read (no header: 0, checked while reading).
  const declared = Number(response.headers.get('content-length'));
  if (declared > LEAD_FILE_READ_MAX_BYTES) {
    discard();
    return { outcome: { ok: false, message: tooLarge }, status };
  }
  if (!response.body) return { outcome: { ok: false, message: messages.fileOpenFailed }, status };

  let data: Uint8Array<ArrayBuffer> | null;
  try {
    data = await readAtMost(response.body, LEAD_FILE_READ_MAX_BYTES);
  } catch {
    // The line broke or the time ran out half-way through the body.
    return { outcome: { ok: false, message: messages.crmAccessProblem }, status };
  }
  if (data === null) return { outcome: { ok: false, message: tooLarge }, status };
  // An upload is never empty; an empty answer is not the stored image.
  if (data.byteLength === 0) return { outcome: { ok: false, message: messages.fileOpenFailed }, status };
  return { outcome: { ok: true, mime, data }, status };
}
