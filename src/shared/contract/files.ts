import { z } from 'zod';
import { defineCall, noBody } from './define';
import { fillPath } from './path';
import { recordId } from './record-id';

/** Option list of the file categories (spec 2 §9). */
export const FILE_CATEGORY_OPTION_LIST = 108;
/** Limits of one upload request: per file and files per request. */
export const UPLOAD_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 10;
/** Names of the multipart fields (spec 2 §7: fileCat, images). `images[]` is accepted as well. */
export const UPLOAD_CATEGORY_FIELD = 'fileCat';
export const UPLOAD_FILES_FIELD = 'images';
/** What the picker offers (spec 2 §5); the server decides by the bytes, not by these. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export type UploadMimeType = (typeof UPLOAD_MIME_TYPES)[number];

/** A quick check for the picker, so a wrong file is refused before it is sent. */
export function hasImageExtension(fileName: string): boolean {
  return /\.(jpe?g|png)$/i.test(fileName.trim());
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
  params: z.object({ leadId: recordId }),
  body: noBody,
  result: z.object({ results: z.array(leadFileSchema) }),
});

/**
 * POST /upload/{leadId}, multipart/form-data (not a contract call: the body is binary): the field
 * `fileCat` (a value of option list 108) and one or more files in `images` (or `images[]`). All files of a
 * request are stored or none is. Errors are the usual { success: false, msg } with 400/401/404/413.
 */
export const UPLOAD_PATH = '/upload/{leadId}';
export const uploadAnswer = z.object({
  success: z.boolean(),
  msg: z.string(),
  results: z.array(leadFileSchema),
});
export type UploadAnswer = z.infer<typeof uploadAnswer>;

/**
 * GET /file/{id}: the file's bytes, authenticated (Authorization header) and only for a lead in the
 * user's scope; Content-Type is the checked image type, Content-Disposition inline.
 */
export const FILE_DOWNLOAD_PATH = '/file/{id}';

export function uploadPath(leadId: number): string {
  return fillPath(UPLOAD_PATH, { leadId }).path;
}

export function fileDownloadPath(id: number): string {
  return fillPath(FILE_DOWNLOAD_PATH, { id }).path;
}
