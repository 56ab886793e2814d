import { sql, type RawBuilder } from 'kysely';
import { LIST_COUNT_CAP } from '../../../src/shared/domain/constants';

/**
 * The SQL of one list page written by hand, as the server is meant to run it: the page's ids first (an
 * index can often answer them alone), then their columns; and the count that stops at LIST_COUNT_CAP.
 * `naive` is what a list without either idea would run: the whole rows filtered in id order and an
 * exact count of every match. Both are baselines of the same run: the first shows the API's own cost,
 * the second what the design saves.
 */
export interface ListSql {
  page: RawBuilder<{ id: number }>;
  count: RawBuilder<{ total: number }>;
  naivePage: RawBuilder<{ id: number }>;
  exactCount: RawBuilder<{ total: number }>;
}

export function listSql(
  columns: readonly string[],
  where: RawBuilder<unknown>,
  orderBy: RawBuilder<unknown>,
  limit: number,
): ListSql {
  const list = sql.join(columns.map((name) => sql.id(name)));
  return {
    page: sql<{ id: number }>`select ${list} from leads where id in (
        select id from leads where ${where} order by ${orderBy} limit ${limit} offset 0)
      order by ${orderBy}`,
    count: sql<{ total: number }>`select count(*)::int as total from (
        select 1 from leads where ${where} limit ${LIST_COUNT_CAP + 1}) as capped`,
    naivePage: sql<{ id: number }>`select ${list} from leads where ${where}
      order by ${orderBy} limit ${limit} offset 0`,
    exactCount: sql<{ total: number }>`select count(*)::int as total from leads where ${where}`,
  };
}

/** What the API must answer for an exact count: the figure up to the cap, and whether it stopped there. */
export function expectedTotal(exact: number): { total: number; capped: boolean } {
  return exact > LIST_COUNT_CAP ? { total: LIST_COUNT_CAP, capped: true } : { total: exact, capped: false };
}
