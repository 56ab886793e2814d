import type { Kysely } from 'kysely';
import type { Database, PlatformOperationState } from '../../../src/server/db/schema';

export interface SettledOperation {
  id: number;
  state: PlatformOperationState;
  ticket: string | null;
  attempts: number;
  error_code: string | null;
}

/**
 * Waits until the server's platform operations job has settled an operation (done or failed) and
 * answers its row; fails after `timeoutMs`.
 */
export async function waitForSettled(
  db: Kysely<Database>,
  id: number,
  timeoutMs = 15_000,
): Promise<SettledOperation> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await db
      .selectFrom('platform_operations')
      .select(['id', 'state', 'ticket', 'attempts', 'error_code'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (row.state === 'done' || row.state === 'failed') return row;
    if (Date.now() > deadline) throw new Error(`operation ${id} still ${row.state} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
