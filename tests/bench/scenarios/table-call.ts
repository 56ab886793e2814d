import { contract, encodeForm, fillPath } from '../../../src/shared/contract';
import type { BenchContext } from './bench-context';

export interface TableAnswer {
  results: Record<string, unknown>[];
  total: number;
  total_capped?: boolean;
  fields: string[];
}

export const TABLE_URL = `/api${fillPath(contract.table.path, { table: 'leads' }).path}`;

/**
 * A prepared POST /table/leads: the body is encoded once so a timed call measures the server, not the
 * encoding. `send` checks the status; `answer` also parses the body (for checks outside the timing).
 */
export function tableCall(
  context: BenchContext,
  body: Record<string, unknown>,
): { send: () => Promise<void>; answer: () => Promise<TableAnswer> } {
  const payload = encodeForm(body);
  const headers = {
    authorization: `Bearer ${context.token}`,
    'content-type': 'application/x-www-form-urlencoded',
  };
  const call = async (): Promise<string> => {
    const response = await context.app.inject({ method: 'POST', url: TABLE_URL, headers, payload });
    if (response.statusCode !== 200)
      throw new Error(`table call failed (${response.statusCode}): ${response.body}`);
    return response.body;
  };
  return {
    send: async () => {
      await call();
    },
    answer: async () => JSON.parse(await call()) as TableAnswer,
  };
}

/** The ids of a page, in order. */
export function idsOf(rows: readonly Record<string, unknown>[]): number[] {
  return rows.map((row) => Number(row.id));
}
