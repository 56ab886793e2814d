import { sql } from 'kysely';
import { escapeLikePattern } from '../../../src/shared/domain/filters';
import { foldTurkish } from '../../../src/shared/domain/turkish-fold';
import { measure, measurePair } from '../stats';
import type { BenchContext, Section } from './bench-context';
import { LATENCY_COLUMNS, LIST_TARGET, latencyRow, meetsListTarget } from './latency';
import { tableCall } from './table-call';

/**
 * The list an agent runs all day: one status, a name fragment with Turkish letters, newest first by
 * created_at. Measured through /table/leads next to the same SQL, plus the exact total on its own.
 */
export async function runAgentList(context: BenchContext): Promise<Section> {
  const { handle, rounds } = context;
  const term = 'yılmaz';
  const statusId = 3;
  const call = tableCall(context, {
    page: 1,
    limit: 15,
    sort: { name: 'created_at', type: 'desc' },
    filters: [
      { name: 'status_id', type: 1, value: statusId },
      { name: 'name', type: 2, value: term },
    ],
    fields: ['id', 'name', 'status_id', 'agent_id', 'utm_source', 'team_id'],
  });

  const pattern = `%${escapeLikePattern(foldTurkish(term))}%`;
  const where = sql`status_id = ${statusId} and name_folded like ${pattern} escape '\\'`;
  const pageSql = sql`select id, name, status_id, agent_id, utm_source, team_id from leads where ${where}
    order by created_at desc, id desc limit 15 offset 0`;
  const countSql = sql<{ total: number }>`select count(*)::int as total from leads where ${where}`;
  const rawSql = async (): Promise<void> => {
    await Promise.all([pageSql.execute(handle.db), countSql.execute(handle.db)]);
  };

  const { total } = await call.answer();
  const list = await measurePair(call.send, rawSql, rounds);
  const counted = await measure(async () => {
    await countSql.execute(handle.db);
  }, rounds);

  return {
    title: 'Temsilci listesi (önceki senaryolar)',
    columns: LATENCY_COLUMNS,
    rows: [
      latencyRow(
        {
          scenario: '/table/leads: durum + isim içerir "yılmaz" + created_at sıralama',
          matched: total,
          of: context.leads,
          subject: list.subject,
          baseline: list.baseline,
        },
        LIST_TARGET.text,
        meetsListTarget(list.subject, list.baseline),
      ),
      latencyRow(
        {
          scenario: 'Kesin toplam (count) aynı filtreyle, yalnız SQL',
          matched: total,
          of: context.leads,
          subject: counted,
          baseline: null,
        },
        'p95 < 100 ms',
        counted.p95 < 100,
      ),
    ],
    notes: [],
  };
}
