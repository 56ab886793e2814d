import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import {
  checkRestrictionColumns,
  parseRowRestriction,
  restrictionMessages,
  RowRestrictionError,
  type BooleanTestType,
  type ComparisonOperator,
  type Placeholder,
  type RestrictionNode,
  type RestrictionOperand,
} from './row-restriction-parser';
import { and, column, not, or, type Condition } from './sql-helpers';
import type { EngineUser } from './types';

export {
  RowRestrictionError,
  restrictionMessages,
  PLACEHOLDERS,
  type Placeholder,
} from './row-restriction-parser';

export type RowRestrictionCheck =
  | { valid: true; columns: string[]; placeholders: Placeholder[] }
  /** message: Turkish, for the admin; technical: the parser's own words, for the log. */
  | { valid: false; message: string; technical?: string };

const OPERATORS: Readonly<Record<ComparisonOperator, RawBuilder<unknown>>> = {
  '=': sql`=`,
  '<>': sql`<>`,
  '<': sql`<`,
  '>': sql`>`,
  '<=': sql`<=`,
  '>=': sql`>=`,
};

const BOOLEAN_TESTS: Readonly<Record<BooleanTestType, RawBuilder<unknown>>> = {
  IS_TRUE: sql`is true`,
  IS_NOT_TRUE: sql`is not true`,
  IS_FALSE: sql`is false`,
  IS_NOT_FALSE: sql`is not false`,
  IS_UNKNOWN: sql`is unknown`,
  IS_NOT_UNKNOWN: sql`is not unknown`,
};

function placeholderValue(name: Placeholder, user: EngineUser): RawBuilder<unknown> {
  // Typed parameters: `{user.team_id} IS NULL` or `{user.id} = 5` leave PostgreSQL nothing to guess.
  switch (name) {
    case 'user.id':
      return sql`${user.id}::int8`;
    case 'user.team_id':
      return sql`${user.team_id}::int8`;
    case 'user.user_group_id':
      return sql`${user.user_group_id}::int8`;
    case 'user.department':
      return sql`${user.department}::text`;
  }
}

/**
 * Numbers and booleans are typed so two constants compare as numbers (`10 > 9`), not as text; strings
 * stay untyped so a date or text column decides how they are read.
 */
function operand(node: RestrictionOperand, user: EngineUser): RawBuilder<unknown> {
  switch (node.kind) {
    case 'column':
      return column(node.name);
    case 'integer':
      return sql`${node.value}::int8`;
    case 'decimal':
      return sql`${node.value}::numeric`;
    case 'string':
      return sql`${node.value}`;
    case 'boolean':
      return sql`${node.value}::boolean`;
    case 'null':
      return sql`null`;
    case 'placeholder':
      return placeholderValue(node.name, user);
  }
}

/** The accepted tree as SQL: identifiers are the validated column names, every value a parameter. */
export function compileRestrictionTree(node: RestrictionNode, user: EngineUser): Condition {
  switch (node.kind) {
    case 'and':
      return and(node.args.map((arg) => compileRestrictionTree(arg, user)));
    case 'or':
      return or(node.args.map((arg) => compileRestrictionTree(arg, user)));
    case 'not':
      return not(compileRestrictionTree(node.arg, user));
    case 'compare':
      return sql<boolean>`(${operand(node.left, user)} ${OPERATORS[node.op]} ${operand(node.right, user)})`;
    case 'in': {
      const items = sql.join(node.items.map((item) => operand(item, user)));
      return node.negated
        ? sql<boolean>`(${operand(node.left, user)} not in (${items}))`
        : sql<boolean>`(${operand(node.left, user)} in (${items}))`;
    }
    case 'nullTest':
      return node.negated
        ? sql<boolean>`(${operand(node.arg, user)} is not null)`
        : sql<boolean>`(${operand(node.arg, user)} is null)`;
    case 'booleanTest':
      return sql<boolean>`(${operand(node.arg, user)} ${BOOLEAN_TESTS[node.test]})`;
    case 'constant':
      return node.value ? sql<boolean>`true` : sql<boolean>`false`;
  }
}

/**
 * Checks a row restriction as an admin saves it: parsed by PostgreSQL's own parser, only simple
 * comparisons of the table's own `columns` with constants and {user.*} placeholders. Never throws for
 * bad input; the message is Turkish.
 */
export async function validateRowRestriction(
  expression: string,
  columns: Iterable<string>,
): Promise<RowRestrictionCheck> {
  try {
    const parsed = await parseRowRestriction(expression);
    checkRestrictionColumns(parsed, columns);
    return { valid: true, columns: [...parsed.columns], placeholders: [...parsed.placeholders] };
  } catch (error) {
    if (error instanceof RowRestrictionError)
      return {
        valid: false,
        message: error.message,
        ...(error.technical !== undefined ? { technical: error.technical } : {}),
      };
    throw error;
  }
}

/** The restriction as a parameterised condition for `user`. Throws RowRestrictionError when refused. */
export async function compileRowRestriction(
  expression: string,
  columns: Iterable<string>,
  user: EngineUser,
): Promise<Condition> {
  const parsed = await parseRowRestriction(expression);
  checkRestrictionColumns(parsed, columns);
  return compileRestrictionTree(parsed.tree, user);
}

/**
 * The fixed condition of a registry table (crm_tables.base_filter). Written by us, but it still goes
 * through the same parser so no text reaches SQL unchecked; it may not use placeholders.
 */
export async function compileBaseFilter(expression: string, columns: Iterable<string>): Promise<Condition> {
  const parsed = await parseRowRestriction(expression);
  checkRestrictionColumns(parsed, columns);
  if (parsed.placeholders.size > 0) throw new RowRestrictionError(restrictionMessages.invalidStored);
  return compileRestrictionTree(parsed.tree, { id: 0, team_id: null, user_group_id: 0, department: '' });
}

export type ColumnDefault = string | number | boolean | null;

function constantValue(node: RestrictionOperand, user: EngineUser): ColumnDefault | undefined {
  switch (node.kind) {
    case 'integer':
    case 'string':
    case 'boolean':
      return node.value;
    case 'decimal':
      return node.value;
    case 'placeholder':
      if (node.name === 'user.id') return user.id;
      if (node.name === 'user.team_id') return user.team_id;
      if (node.name === 'user.user_group_id') return user.user_group_id;
      return user.department;
    default:
      return undefined;
  }
}

/**
 * `column = value` terms ANDed at the top of a condition: the values a new row needs to fall inside it
 * (customers: is_customer = 1; a sales group: team_id = {user.team_id}). Used to default inserts.
 */
export async function equalityDefaults(
  expression: string,
  user: EngineUser,
): Promise<Map<string, ColumnDefault>> {
  const parsed = await parseRowRestriction(expression);
  const defaults = new Map<string, ColumnDefault>();
  const terms = parsed.tree.kind === 'and' ? parsed.tree.args : [parsed.tree];
  for (const term of terms) {
    if (term.kind !== 'compare' || term.op !== '=') continue;
    const [col, other] =
      term.left.kind === 'column'
        ? [term.left, term.right]
        : term.right.kind === 'column'
          ? [term.right, term.left]
          : [];
    if (!col || col.kind !== 'column' || !other) continue;
    const value = constantValue(other, user);
    if (value !== undefined) defaults.set(col.name, value);
  }
  return defaults;
}

/**
 * Runs the compiled restriction once against the real table (LIMIT 0) so type mistakes such as
 * `team_id = 'abc'` are reported when the admin saves, not as a failing list later. Returns a Turkish
 * message, or null when the restriction works.
 */
export async function tryRowRestriction(
  db: Kysely<Database>,
  sourceTable: string,
  expression: string,
  columns: Iterable<string>,
): Promise<string | null> {
  const check = await validateRowRestriction(expression, columns);
  if (!check.valid) return check.message;
  const probeUser: EngineUser = { id: 1, team_id: 1, user_group_id: 1, department: 'sales' };
  const condition = await compileRowRestriction(expression, columns, probeUser);
  try {
    await sql`select 1 from ${sql.id(sourceTable)} where ${condition} limit 0`.execute(db);
    return null;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return restrictionMessages.syntax.replace('{detail}', detail);
  }
}
