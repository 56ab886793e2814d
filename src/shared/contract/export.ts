import { z } from 'zod';
import { messages } from '../i18n/messages';
import { anyBinaryResult, defineCall, fieldName, noBody, tableName, SIGNED_IN } from './define';
import { matchPath } from './path';
import { filterSchema, sortSchema } from './records';

/**
 * The export query of POST /export/{table}: the list's filters and sort, and the columns the user sees.
 * Without `fields` every field the user may list is exported; fields the user may not list never are.
 */
export const exportQuerySchema = z.object({
  table: tableName.optional(),
  sort: sortSchema.optional(),
  filters: z.array(filterSchema).max(50).default([]),
  fields: z.array(fieldName).max(200).optional(),
});
export type ExportQueryInput = z.input<typeof exportQuerySchema>;

/**
 * One written file: `name` is the file name to save it as (`leads-20250301-1430.xlsx`), `url` where to
 * download it. Ours answers a path relative to the API base (`/export/file/{id}`); clients turn it into
 * the exportFile call with `exportFileInput`, which also accepts an absolute URL on the API base.
 */
export const excelFileSchema = z.object({ name: z.string(), url: z.string() });
export type ExcelFile = z.infer<typeof excelFileSchema>;

/** Writing a million rows takes longer than an ordinary call may. */
export const EXPORT_CALL_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * POST /export/{table} -> success, excelFiles (see docs/requirements.md#calls). success false with msg and no files when
 * there is nothing to export ('Dosya oluşturulamadı veya dosya yok.') or too much.
 * POST /export/double/{table} belongs to the import report and is not part of this call.
 */
export const exportTable = defineCall({
  method: 'POST',
  path: '/export/{table}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  timeoutMs: EXPORT_CALL_TIMEOUT_MS,
  params: z.object({ table: tableName }),
  body: exportQuerySchema.optional(),
  result: z.object({
    success: z.boolean(),
    excelFiles: z.array(excelFileSchema),
    msg: z.string().optional(),
  }),
});

/**
 * GET /export/file/{name}: one written file (xlsx), authenticated, only for the user who wrote it, for one
 * hour. Saved, never shown: clients stream it to disk or to the browser's downloads, whatever its type.
 */
export const exportFile = defineCall({
  method: 'GET',
  path: '/export/file/{name}',
  encoding: 'none',
  auth: true,
  access: SIGNED_IN,
  timeoutMs: EXPORT_CALL_TIMEOUT_MS,
  answer: 'binary',
  binary: { types: null, disposition: 'attachment' },
  failureTexts: { failed: messages.exportFailed },
  params: z.object({ name: z.string().min(1).max(200) }),
  body: noBody,
  result: anyBinaryResult,
});

const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Where a file of `excelFiles` is, as an absolute URL on the API base, or null when `url` points anywhere
 * else (another origin, a path outside the base, credentials in the URL). The token is sent only to what
 * this answers, so an answer or a renderer can never make it go to an arbitrary address.
 */
export function resolveExportUrl(apiBase: string, url: string): string | null {
  let base: URL;
  try {
    base = new URL(apiBase);
  } catch {
    return null;
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') return null;
  const basePath = base.pathname.replace(/\/+$/, '');
  const text = url.trim();
  if (text === '' || text.startsWith('//') || text.includes('\\')) return null;
  let target: URL;
  try {
    target = ABSOLUTE_URL.test(text)
      ? new URL(text)
      : new URL(`${basePath}/${text.replace(/^\/+/, '')}`, base.origin);
  } catch {
    return null;
  }
  if (target.origin !== base.origin || target.username !== '' || target.password !== '') return null;
  // The URL parser has already resolved '..' (also as %2e%2e), so a prefix check is enough.
  if (!target.pathname.startsWith(`${basePath}/`)) return null;
  target.hash = '';
  return target.toString();
}

/**
 * The exportFile call that downloads a file of `excelFiles`, or null when `url` is not such a download on
 * the API base (see resolveExportUrl): the token only ever goes with a call of the contract.
 */
export function exportFileInput(apiBase: string, url: string): { params: { name: string } } | null {
  const target = resolveExportUrl(apiBase, url);
  if (target === null) return null;
  const basePath = new URL(apiBase).pathname.replace(/\/+$/, '');
  const params = matchPath(exportFile.path, new URL(target).pathname.slice(basePath.length));
  const parsed = exportFile.params.safeParse(params);
  return parsed.success ? { params: parsed.data } : null;
}
