import { createReadStream } from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { recordId, toRoutePattern } from '../../shared/contract';
import {
  FILE_DOWNLOAD_PATH,
  UPLOAD_MAX_FILES,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_PATH,
} from '../../shared/contract/files';
import { format, messages } from '../../shared/i18n/messages';
import type { Database } from '../db/schema';
import { getTableRegistry } from '../engine/registry';
import { recordNotFound } from '../engine/record-store';
import { createLeadFileStorage, leadFilesDirectory } from '../files/lead-file-storage';
import { HttpError, isHttpError } from '../http-error';
import { createFilesService, type UploadPart } from '../services/files-service';
import { registerCall, requireUser } from './register-call';

export interface FileRoutesDeps {
  db: Kysely<Database>;
  /** The server's data folder; files go to <dataDir>/files (OS temp folder when omitted). */
  dataDir?: string | undefined;
}

const MB = 1024 * 1024;

/** The multipart parser's own limit errors, worded like the rest of the upload's answers. */
function uploadLimitError(error: unknown): HttpError | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  switch ((error as { code: unknown }).code) {
    case 'FST_FILES_LIMIT':
      return HttpError.badRequest(format(messages.fileTooMany, { max: UPLOAD_MAX_FILES }));
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, format(messages.fileTooLarge, { name: '', mb: UPLOAD_MAX_FILE_BYTES / MB }));
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return HttpError.badRequest(messages.invalidRequest);
    default:
      return null;
  }
}

/** request.parts() as plain parts, with the parser's errors turned into Turkish answers. */
async function* uploadParts(request: FastifyRequest): AsyncGenerator<UploadPart> {
  try {
    const parts = request.parts({
      limits: {
        // One byte over the limit lets the service see (and word) a file that is too big.
        fileSize: UPLOAD_MAX_FILE_BYTES + 1,
        // One more than allowed, so the service counts and answers the 11th file itself.
        files: UPLOAD_MAX_FILES + 1,
        fields: 10,
        fieldSize: 1024,
        parts: UPLOAD_MAX_FILES + 11,
        headerPairs: 100,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        yield { type: 'file', name: part.fieldname, fileName: part.filename, stream: part.file };
      } else {
        yield {
          type: 'field',
          name: part.fieldname,
          value: typeof part.value === 'string' ? part.value : '',
        };
      }
    }
  } catch (error) {
    throw uploadLimitError(error) ?? error;
  }
}

function parseId(raw: unknown): number {
  const parsed = recordId.safeParse(raw);
  if (!parsed.success) throw recordNotFound();
  return parsed.data;
}

/** RFC 6266: an ASCII fallback plus the UTF-8 name (Turkish letters) for clients that read filename*. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The files tab (spec 2 §2, §5, §7): the list as a contract call, the multipart upload and the download
 * as plain routes (binary bodies), authenticated with the same helpers as every call.
 */
export async function registerFileRoutes(app: FastifyInstance, deps: FileRoutesDeps): Promise<void> {
  const storage = createLeadFileStorage(leadFilesDirectory(deps.dataDir));
  const files = createFilesService(deps.db, getTableRegistry(deps.db), storage);

  registerCall(app, 'files', async ({ user, params }) => ({
    results: await files.list(user, params.leadId),
  }));

  // Multipart is parsed only inside this scope: no other route accepts it.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: true });
    scope.post(toRoutePattern(UPLOAD_PATH), async (request) => {
      const user = await requireUser(scope, request);
      if (!request.isMultipart()) throw HttpError.badRequest(messages.fileNotMultipart);
      const { leadId } = request.params as { leadId?: unknown };
      try {
        return await files.upload(user, parseId(leadId), uploadParts(request));
      } catch (error) {
        if (isHttpError(error)) throw error;
        throw uploadLimitError(error) ?? error;
      }
    });
  });

  app.get(toRoutePattern(FILE_DOWNLOAD_PATH), async (request, reply) => {
    const user = await requireUser(app, request);
    const { id } = request.params as { id?: unknown };
    const file = await files.open(user, parseId(id));
    return reply
      .header('Content-Type', file.mime)
      .header('Content-Length', file.size)
      .header('Content-Disposition', contentDisposition(file.fileName))
      .send(createReadStream(file.path));
  });
}
