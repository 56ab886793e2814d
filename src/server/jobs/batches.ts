/** One run stops after this many batches, so a flood cannot keep a run going for ever. */
export const MAX_BATCHES_PER_RUN = 20;

export interface DrainOptions<Row> {
  /** Claims the next batch of at most batchSize rows (claimed rows are no longer offered). */
  claim: () => Promise<Row[]>;
  /** Handles one claimed row; rows are handled one after the other. */
  handle: (row: Row) => Promise<void> | void;
  batchSize: number;
  /** Stops between two batches (the runner is stopping); unclaimed rows wait for the next run. */
  signal?: AbortSignal;
}

/** Claims and handles batch after batch until one comes back short; returns how many rows it claimed. */
export async function drainBatches<Row>(options: DrainOptions<Row>): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN && !options.signal?.aborted; batch += 1) {
    const rows = await options.claim();
    for (const row of rows) await options.handle(row);
    total += rows.length;
    if (rows.length < options.batchSize) break;
  }
  return total;
}
