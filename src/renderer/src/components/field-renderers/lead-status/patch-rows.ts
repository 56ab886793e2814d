import type { CallResult, CellValue } from '../../../../../shared/contract';

type TableAnswer = CallResult<'table'>;

/**
 * A list page with one cell of one record changed, as the server now has it. Used after a quick save so
 * every cached page of the table shows the new value without reloading (which could reorder the rows
 * under the agent's pointer). Unchanged pages keep their identity.
 */
export function patchTableRows(
  answer: TableAnswer | undefined,
  id: number,
  field: string,
  value: CellValue,
): TableAnswer | undefined {
  if (!answer) return answer;
  let changed = false;
  const results = answer.results.map((row) => {
    if (Number(row.id) !== id) return row;
    changed = true;
    return { ...row, [field]: value };
  });
  return changed ? { ...answer, results } : answer;
}
