/** A multipart call's files as they stream in: built by http/multipart-upload, read by the modules that store them. */

export interface ReceivedFile {
  /** The sent name, cleaned (no folders, no control characters); for showing, never for a path. */
  fileName: string;
  /** The type the bytes are, and the extension to store them with. */
  mime: string;
  extension: string;
  /** The first bytes (read to tell the type), then the rest; past the part's size limit the rest throws 413. */
  head: Uint8Array;
  rest: AsyncIterator<Uint8Array>;
}

/**
 * The input of a multipart call as it streams in. Fields and files may come in any order, so the body is
 * known only once every file is read: read `files` to the end (each file's `rest` before the next file),
 * then `fields()`.
 */
export interface ReceivedUpload<B> {
  files: AsyncIterable<ReceivedFile>;
  /** The fields parsed with the call's body schema (400 in its Turkish words); then: at least one file. */
  fields(): B;
}
