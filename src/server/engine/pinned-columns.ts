import { FILTER_TYPES } from '../../shared/domain/filters';
import type { FilterCondition } from './filter-compiler';
import type { TableAccess } from './permission-resolver';
import { parseRowRestriction, type RestrictionNode, type RestrictionOperand } from './row-restriction-parser';

const isValue = (operand: RestrictionOperand): boolean =>
  operand.kind !== 'column' && operand.kind !== 'null';

/** The columns a restriction fixes to one value in every row it lets through: `column = value`, ANDed. */
export function pinnedByRestriction(node: RestrictionNode): Set<string> {
  if (node.kind === 'and') return new Set(node.args.flatMap((arg) => [...pinnedByRestriction(arg)]));
  if (node.kind !== 'compare' || node.op !== '=') return new Set();
  if (node.left.kind === 'column' && isValue(node.right)) return new Set([node.left.name]);
  if (node.right.kind === 'column' && isValue(node.left)) return new Set([node.right.name]);
  return new Set();
}

/**
 * Whether every row of the user's scope, narrowed by `filters`, has one and the same value in `name`
 * (the user's row restriction or an "equals" filter fixes it). Lets a query rely on an index that leads
 * with that column, such as the team's name index of migration 024.
 */
export async function scopePinsColumn(
  access: TableAccess,
  name: string,
  filters: readonly FilterCondition[] = [],
): Promise<boolean> {
  const equals = filters.some(
    (filter) =>
      filter.name === name &&
      filter.type === FILTER_TYPES.equal &&
      typeof filter.value === 'string' &&
      filter.value.trim() !== '',
  );
  if (equals) return true;
  for (const text of access.restrictionTexts) {
    if (pinnedByRestriction((await parseRowRestriction(text)).tree).has(name)) return true;
  }
  return false;
}
