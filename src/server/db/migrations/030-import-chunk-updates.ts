/**
 * import_chunks.updated: the existing leads a chunk's duplicated rows filled (duplicate policy "update",
 * see docs/user-guide.md#importing-leads), so a retried chunk answers the same counts it did the first time.
 */
export const importChunkUpdatesSchema: readonly string[] = [
  `ALTER TABLE import_chunks ADD COLUMN updated integer NOT NULL DEFAULT 0`,
];
