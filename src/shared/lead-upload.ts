import type { LeadImageFile, UploadLeadImagesInput, UploadLeadImagesOutcome } from './bridge';
import { errorAnswer, joinUrl, type FetchLike } from './contract';
import {
  UPLOAD_CATEGORY_FIELD,
  UPLOAD_FILES_FIELD,
  UPLOAD_MAX_FILES,
  UPLOAD_MAX_FILE_BYTES,
  uploadAnswer,
  uploadPath,
} from './contract/files';
import { format, messages } from './i18n/messages';

/**
 * The multipart upload of a lead's images (POST /upload/{leadId}), shared by the web bridge (token from
 * Web Storage) and the desktop main process (token from the vault), so both send exactly the same request
 * and read the answer the same way. Not a contract call: the contract's sender only speaks form and JSON.
 */
export interface LeadUploadRequest {
  /** API base, e.g. http://127.0.0.1:8080/api */
  apiBase: string;
  token: string;
  fetch: FetchLike;
  input: UploadLeadImagesInput;
  timeoutMs?: number;
}

export interface LeadUploadResult {
  outcome: UploadLeadImagesOutcome;
  /** HTTP status (0: no answer); 401 tells the caller the session is gone. */
  status: number;
}

/** Uploads of ten 10 MB images on a slow line take a while; the usual 30 s call limit is too short. */
const UPLOAD_TIMEOUT_MS = 5 * 60 * 1000;

const MB = 1024 * 1024;

/**
 * The same limits the server enforces, checked before any byte leaves: a refused 100 MB request would
 * cost the agent minutes for an answer that is known now.
 */
export function checkLeadUpload(input: UploadLeadImagesInput): string | null {
  if (!Number.isSafeInteger(input.leadId) || input.leadId <= 0) return messages.invalidRequest;
  if (!Number.isSafeInteger(input.fileCat) || input.fileCat <= 0) return messages.fileCategoryRequired;
  if (input.files.length === 0) return messages.fileNoneSelected;
  if (input.files.length > UPLOAD_MAX_FILES) return format(messages.fileTooMany, { max: UPLOAD_MAX_FILES });
  for (const file of input.files) {
    if (file.data.byteLength === 0) return format(messages.fileEmpty, { name: file.name });
    if (file.data.byteLength > UPLOAD_MAX_FILE_BYTES) {
      return format(messages.fileTooLarge, { name: file.name, mb: UPLOAD_MAX_FILE_BYTES / MB });
    }
  }
  return null;
}

/** A file name as a header value: no path, no control characters (the server stores its own name anyway). */
function partName(file: LeadImageFile): string {
  const base = file.name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return clean === '' ? 'resim' : clean.slice(0, 255);
}

export function leadUploadForm(input: UploadLeadImagesInput): FormData {
  const form = new FormData();
  form.append(UPLOAD_CATEGORY_FIELD, String(input.fileCat));
  for (const file of input.files) {
    form.append(UPLOAD_FILES_FIELD, new Blob([file.data], { type: file.type }), partName(file));
  }
  return form;
}

async function failureText(response: Response): Promise<string> {
  try {
    const parsed = errorAnswer.safeParse(await response.json());
    if (parsed.success) return parsed.data.msg;
  } catch {
    // Not our JSON error answer (a proxy's 413 page, say).
  }
  if (response.status === 401) return messages.sessionExpired;
  return messages.operationFailed;
}

export async function sendLeadUpload(request: LeadUploadRequest): Promise<LeadUploadResult> {
  const refused = checkLeadUpload(request.input);
  if (refused !== null) return { outcome: { ok: false, message: refused }, status: 0 };
  let response: Response;
  try {
    response = await request.fetch(joinUrl(request.apiBase, uploadPath(request.input.leadId), {}), {
      method: 'POST',
      // No Content-Type: fetch writes multipart/form-data with its boundary itself.
      headers: { Accept: 'application/json', Authorization: `Bearer ${request.token}` },
      body: leadUploadForm(request.input),
      // A redirect could carry the token to another origin.
      redirect: 'error',
      signal: AbortSignal.timeout(request.timeoutMs ?? UPLOAD_TIMEOUT_MS),
    });
  } catch {
    return { outcome: { ok: false, message: messages.crmAccessProblem }, status: 0 };
  }
  if (!response.ok) {
    return { outcome: { ok: false, message: await failureText(response) }, status: response.status };
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return { outcome: { ok: false, message: messages.crmNotFound }, status: response.status };
  }
  const parsed = uploadAnswer.safeParse(json);
  if (!parsed.success)
    return { outcome: { ok: false, message: messages.crmNotFound }, status: response.status };
  if (!parsed.data.success) {
    return {
      outcome: { ok: false, message: parsed.data.msg || messages.operationFailed },
      status: response.status,
    };
  }
  return { outcome: { ok: true, count: parsed.data.results.length }, status: response.status };
}
