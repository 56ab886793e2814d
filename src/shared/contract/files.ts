import { z } from 'zod';
import { format, messages } from '../i18n/messages';
import { binaryResult, defineCall, noBody, type FilePartSpec, SIGNED_IN } from './define';
import { hasAllowedExtension } from './multipart';
import { fillPath } from './path';
import { recordId } from './record-id';

/** Option list of the file categories (see docs/requirements.md#constants-and-limits). */
export const FILE_CATEGORY_OPTION_LIST = 108;
/** Limits of one upload request: per file and files per request. */
export const UPLOAD_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 10;
/** Names of the multipart fields (see docs/requirements.md#calls: fileCat, images). `images[]` is accepted as well. */
export const UPLOAD_CATEGORY_FIELD = 'fileCat';
export const UPLOAD_FILES_FIELD = 'images';
/** What the picker offers (see docs/requirements.md#money-importer-and-lead-input); the server decides by the bytes, not by these. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export type UploadMimeType = (typeof UPLOAD_MIME_TYPES)[number];

/** The files of an upload (see docs/requirements.md#money-importer-and-lead-input): jpeg and png images, checked by content on the server. */
export const uploadFilePart: FilePartSpec = {
  field: UPLOAD_FILES_FIELD,
  maxFiles: UPLOAD_MAX_FILES,
  maxBytes: UPLOAD_MAX_FILE_BYTES,
  types: UPLOAD_MIME_TYPES,
  extensions: ['jpg', 'jpeg', 'png'],
  fallbackName: 'resim',
  nameNotAllowed: messages.fileNameNotAllowed,
  contentNotAllowed: messages.fileContentNotAllowed,
};

/** A quick check for the picker, so a wrong file is refused before it is sent. */
export function hasImageExtension(fileName: string): boolean {
  return hasAllowedExtension(uploadFilePart, fileName);
}

/** One stored file of a lead. `url` is relative to the API base (GET /file/{id}). */
export const leadFileSchema = z.object({
  id: z.number(),
  lead_id: z.number(),
  file_name: z.string(),
  mime: z.string(),
  size: z.number(),
  agent_id: z.number().nullable(),
  agent_name: z.string().nullable(),
  file_category_id: z.number().nullable(),
  file_category: z.string().nullable(),
  created_at: z.string(),
  url: z.string(),
});
export type LeadFile = z.infer<typeof leadFileSchema>;

/** POST /files/{leadId}: the lead's files, newest first. */
export const files = defineCall({
  method: 'POST',
  path: '/files/{leadId}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  leadInput: 'leadId',
  params: z.object({ leadId: recordId }),
  body: noBody,
  result: z.object({ results: z.array(leadFileSchema) }),
});

export const uploadAnswer = z.object({
  success: z.boolean(),
  msg: z.string(),
  results: z.array(leadFileSchema),
});
export type UploadAnswer = z.infer<typeof uploadAnswer>;

/**
 * `fileCat`, a value of option list 108 (whether it is one, the server checks in the list): missing, empty
 * or 0 asks for a category first, anything but a positive number is not one.
 */
const fileCategory = z
  .union([z.string(), z.number()])
  .optional()
  .transform((value) => String(value ?? '').trim())
  .refine((text) => text !== '' && text !== '0', { error: messages.fileCategoryRequired, abort: true })
  .refine((text) => /^[1-9]\d{0,8}$/.test(text), { error: messages.fileInvalidCategory })
  .transform(Number);

/** Ten 10 MB images on a slow line take a while; the usual 30 s call limit is too short. */
const UPLOAD_TIMEOUT_MS = 5 * 60 * 1000;

/**
 * POST /upload/{leadId}, multipart/form-data (see docs/requirements.md#calls): the field `fileCat` and one or more images in
 * `images` (or `images[]`). All files of a request are stored or none is. Errors are the usual
 * { success: false, msg } with 400/401/404/413.
 */
export const uploadLeadFiles = defineCall({
  method: 'POST',
  path: '/upload/{leadId}',
  encoding: 'multipart',
  files: uploadFilePart,
  auth: true,
  access: SIGNED_IN,
  leadInput: 'leadId',
  timeoutMs: UPLOAD_TIMEOUT_MS,
  notFoundOnInvalidPath: true,
  failureTexts: { failed: messages.operationFailed },
  params: z.object({ leadId: recordId }),
  body: z.object({ [UPLOAD_CATEGORY_FIELD]: fileCategory }),
  result: uploadAnswer,
});

const MB = 1024 * 1024;

/**
 * Stored files are at most UPLOAD_MAX_FILE_BYTES (the upload refuses more). The margin lets another
 * server of this API round its limit a little differently; anything beyond it is not one of the lead's
 * uploads and is not held in memory.
 */
export const LEAD_FILE_READ_MAX_BYTES = UPLOAD_MAX_FILE_BYTES + 64 * 1024;

/**
 * GET /file/{id}: the bytes of one stored image of a lead, only for a lead in the user's scope; the type
 * is the checked image type, Content-Disposition inline. Read into memory (an <img src> cannot send the
 * token, and the desktop renderer has none) and shown from a blob URL.
 */
export const leadFile = defineCall({
  method: 'GET',
  path: '/file/{id}',
  encoding: 'none',
  auth: true,
  access: SIGNED_IN,
  // A 10 MB image on a slow line; the whole read, body included, must end within this.
  timeoutMs: 2 * 60 * 1000,
  notFoundOnInvalidPath: true,
  answer: 'binary',
  binary: { types: UPLOAD_MIME_TYPES, maxBytes: LEAD_FILE_READ_MAX_BYTES, disposition: 'inline' },
  failureTexts: {
    failed: messages.fileOpenFailed,
    notFound: messages.recordNotFound,
    wrongType: messages.fileOpenNotImage,
    tooLarge: format(messages.fileOpenTooLarge, { mb: UPLOAD_MAX_FILE_BYTES / MB }),
  },
  params: z.object({ id: recordId }),
  body: noBody,
  result: binaryResult(UPLOAD_MIME_TYPES),
});

/** Where a stored file is read, relative to the API base (the `url` of a listed file). */
export function fileDownloadPath(id: number): string {
  return fillPath(leadFile.path, { id }).path;
}
