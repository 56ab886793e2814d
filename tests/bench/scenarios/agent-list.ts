import { sql } from 'kysely';
import { escapeLikePattern } from '../../../src/shared/domain/filters';
import { foldTurkish } from '../../../src/shared/domain/turkish-fold';
import { measure, measurePair } from '../stats';
import type { BenchContext, Section } from './bench-context';
import { LATENCY_COLUMNS, LIST_TARGET, latencyRow, meetsListTarget } from './latency';
import { expectedTotal, listSql } from './list-sql';
import { idsOf, tableCall } from './table-call';

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
  const columns = ['id', 'name', 'status_id', 'agent_id', 'utm_source', 'team_id'];
  const queries = listSql(columns, where, sql`created_at desc, id desc`, 15);
  const rawSql = async (): Promise<void> => {
    await Promise.all([queries.page.execute(handle.db), queries.count.execute(handle.db)]);
  };

  const answer = await call.answer();
  const [page, exact] = await Promise.all([
    queries.page.execute(handle.db),
    queries.exactCount.execute(handle.db),
  ]);
  const total = Number(exact.rows[0]?.total ?? -1);
  const expected = expectedTotal(total);
  const same =
    answer.total === expected.total &&
    (answer.total_capped === true) === expected.capped &&
    idsOf(answer.results).join(',') === idsOf(page.rows).join(',');
  const list = await measurePair(call.send, rawSql, rounds);
  const counted = await measure(async () => {
    await queries.exactCount.execute(handle.db);
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
        same && meetsListTarget(list.subject),
        same ? undefined : `API ile SQL farklı sonuç verdi (toplam ${answer.total} / ${total})`,
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
