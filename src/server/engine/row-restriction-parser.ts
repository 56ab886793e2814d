import { parse, scan } from 'libpg-query';
import { restrictionConstructNames, restrictionMessages } from '../../shared/i18n/server-texts';

export { restrictionMessages };

/**
 * Parsing of the admin-written row restriction (permissions.extra_sql) with the real PostgreSQL parser,
 * into a small tree of the only constructs we accept. Nothing of the admin's text is ever sent to the
 * database: the tree is compiled back to SQL with identifiers from the registry and values as parameters.
 */

export const PLACEHOLDERS = ['user.id', 'user.team_id', 'user.user_group_id', 'user.department'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

export type ComparisonOperator = '=' | '<>' | '<' | '>' | '<=' | '>=';
export type BooleanTestType =
  'IS_TRUE' | 'IS_NOT_TRUE' | 'IS_FALSE' | 'IS_NOT_FALSE' | 'IS_UNKNOWN' | 'IS_NOT_UNKNOWN';

export type RestrictionOperand =
  | { kind: 'column'; name: string }
  | { kind: 'integer'; value: number }
  | { kind: 'decimal'; value: string }
  | { kind: 'string'; value: string }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'null' }
  | { kind: 'placeholder'; name: Placeholder };

export type RestrictionNode =
  | { kind: 'and' | 'or'; args: RestrictionNode[] }
  | { kind: 'not'; arg: RestrictionNode }
  | { kind: 'compare'; op: ComparisonOperator; left: RestrictionOperand; right: RestrictionOperand }
  | { kind: 'in'; negated: boolean; left: RestrictionOperand; items: RestrictionOperand[] }
  | { kind: 'nullTest'; negated: boolean; arg: RestrictionOperand }
  | { kind: 'booleanTest'; test: BooleanTestType; arg: RestrictionOperand }
  | { kind: 'constant'; value: boolean };

/** The admin's restriction was refused; `message` is Turkish and safe to show, `technical` is for the log. */
export class RowRestrictionError extends Error {
  constructor(
    message: string,
    readonly technical?: string,
  ) {
    super(message);
    this.name = 'RowRestrictionError';
  }
}

/** Longest piece of the admin's own text quoted back in a parser refusal. */
const NEAR_MAX = 40;

/**
 * PostgreSQL's parser speaks English ("syntax error at or near ..."): the admin reads where in Turkish,
 * the parser's own words go to the log (docs/security.md#database-messages).
 */
function syntaxRefusal(detail: string): RowRestrictionError {
  const near = /at or near "([\s\S]*)"/.exec(detail)?.[1];
  if (near !== undefined && near !== '') {
    const shown = near.length > NEAR_MAX ? `${near.slice(0, NEAR_MAX)}…` : near;
    return new RowRestrictionError(fill(restrictionMessages.syntaxNear, 'near', shown), detail);
  }
  if (/end of input/i.test(detail)) return new RowRestrictionError(restrictionMessages.syntaxEnd, detail);
  return new RowRestrictionError(restrictionMessages.syntax, detail);
}

export interface ParsedRestriction {
  tree: RestrictionNode;
  /** Every column the tree names, for the per-table check. */
  columns: ReadonlySet<string>;
  placeholders: ReadonlySet<Placeholder>;
}

const MAX_LENGTH = 4000;
const MAX_DEPTH = 40;
const MAX_NODES = 2000;

const fill = (template: string, name: string, value: string): string => template.replace(`{${name}}`, value);

const refuse = (construct: string): RowRestrictionError =>
  new RowRestrictionError(
    fill(restrictionMessages.notAllowed, 'construct', restrictionConstructNames[construct] ?? construct),
  );

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** libpg-query nodes are `{ NodeType: body }`; anything else is not a node we know. */
function unwrap(node: unknown): [string, Json] {
  if (!isObject(node)) throw refuse('?');
  const keys = Object.keys(node);
  const kind = keys[0];
  const body = kind === undefined ? undefined : node[kind];
  if (keys.length !== 1 || kind === undefined || !isObject(body)) throw refuse('?');
  return [kind, body];
}

/** The node's own keys must all be known: a key we did not expect may carry a construct we never check. */
function onlyKeys(kind: string, body: Json, allowed: readonly string[]): void {
  for (const key of Object.keys(body)) {
    if (key !== 'location' && !allowed.includes(key)) throw refuse(kind);
  }
}

function stringValue(node: unknown): string {
  const [kind, body] = unwrap(node);
  if (kind !== 'String' || typeof body.sval !== 'string') throw refuse(kind);
  return body.sval;
}

const COMPARISONS: ReadonlySet<string> = new Set(['=', '<>', '<', '>', '<=', '>=']);
const BOOLEAN_TESTS: ReadonlySet<string> = new Set([
  'IS_TRUE',
  'IS_NOT_TRUE',
  'IS_FALSE',
  'IS_NOT_FALSE',
  'IS_UNKNOWN',
  'IS_NOT_UNKNOWN',
]);

class TreeBuilder {
  private nodes = 0;
  readonly columns = new Set<string>();
  readonly placeholders = new Set<Placeholder>();

  constructor(private readonly params: readonly Placeholder[]) {}

  private count(depth: number): void {
    this.nodes += 1;
    if (depth > MAX_DEPTH || this.nodes > MAX_NODES)
      throw new RowRestrictionError(restrictionMessages.tooLong);
  }

  private constant(body: Json): RestrictionOperand {
    onlyKeys('A_Const', body, ['ival', 'fval', 'sval', 'boolval', 'isnull']);
    if (body.isnull === true) return { kind: 'null' };
    // Protobuf leaves out default values: 0 arrives as `ival: {}`, false as `boolval: {}`.
    if (isObject(body.ival)) {
      const value = body.ival.ival ?? 0;
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw refuse('A_Const');
      return { kind: 'integer', value };
    }
    if (isObject(body.fval)) {
      const value = body.fval.fval;
      if (typeof value !== 'string' || !/^-?\d*\.?\d+(?:[eE][+-]?\d+)?$/.test(value)) throw refuse('A_Const');
      return { kind: 'decimal', value };
    }
    if (isObject(body.sval)) {
      const value = body.sval.sval ?? '';
      if (typeof value !== 'string') throw refuse('A_Const');
      // The raw text had no '$', so a '$' here is a placeholder the admin put inside quotes.
      if (value.includes('$')) throw new RowRestrictionError(restrictionMessages.placeholderInText);
      return { kind: 'string', value };
    }
    if (isObject(body.boolval)) return { kind: 'boolean', value: body.boolval.boolval === true };
    throw refuse('A_Const');
  }

  private param(body: Json): Placeholder {
    onlyKeys('ParamRef', body, ['number']);
    const index = typeof body.number === 'number' ? body.number : 0;
    const name = this.params[index - 1];
    if (name === undefined) throw refuse('ParamRef');
    this.placeholders.add(name);
    return name;
  }

  operand(node: unknown, depth: number, allowColumn = true): RestrictionOperand {
    this.count(depth);
    const [kind, body] = unwrap(node);
    if (kind === 'A_Const') return this.constant(body);
    if (kind === 'ParamRef') return { kind: 'placeholder', name: this.param(body) };
    if (kind === 'ColumnRef' && allowColumn) {
      onlyKeys(kind, body, ['fields']);
      // One bare name only: `leads.id` or `other_table.x` could reach beyond the table's own row.
      if (!Array.isArray(body.fields) || body.fields.length !== 1) throw refuse('ColumnRef');
      const name = stringValue(body.fields[0]);
      this.columns.add(name);
      return { kind: 'column', name };
    }
    throw refuse(kind);
  }

  condition(node: unknown, depth: number): RestrictionNode {
    this.count(depth);
    const [kind, body] = unwrap(node);
    switch (kind) {
      case 'BoolExpr':
        return this.boolExpr(body, depth);
      case 'A_Expr':
        return this.aExpr(body, depth);
      case 'NullTest': {
        onlyKeys(kind, body, ['arg', 'nulltesttype']);
        const arg = this.operand(body.arg, depth + 1);
        if (arg.kind !== 'column' && arg.kind !== 'placeholder') throw refuse(kind);
        return { kind: 'nullTest', negated: body.nulltesttype === 'IS_NOT_NULL', arg };
      }
      case 'BooleanTest': {
        onlyKeys(kind, body, ['arg', 'booltesttype']);
        const test = body.booltesttype;
        if (typeof test !== 'string' || !BOOLEAN_TESTS.has(test)) throw refuse(kind);
        const arg = this.operand(body.arg, depth + 1);
        if (arg.kind !== 'column' && arg.kind !== 'boolean') throw refuse(kind);
        return { kind: 'booleanTest', test: test as BooleanTestType, arg };
      }
      case 'A_Const': {
        // Only TRUE/FALSE stand as a condition (e.g. `... OR true`); `WHERE 5` would fail in the database.
        const constant = this.constant(body);
        if (constant.kind !== 'boolean') throw refuse('A_Const');
        return { kind: 'constant', value: constant.value };
      }
      default:
        throw refuse(kind);
    }
  }

  private boolExpr(body: Json, depth: number): RestrictionNode {
    onlyKeys('BoolExpr', body, ['boolop', 'args']);
    if (!Array.isArray(body.args) || body.args.length === 0) throw refuse('BoolExpr');
    const args = body.args.map((arg: unknown) => this.condition(arg, depth + 1));
    if (body.boolop === 'AND_EXPR') return { kind: 'and', args };
    if (body.boolop === 'OR_EXPR') return { kind: 'or', args };
    const [only] = args;
    if (body.boolop === 'NOT_EXPR' && args.length === 1 && only) return { kind: 'not', arg: only };
    throw refuse('BoolExpr');
  }

  private aExpr(body: Json, depth: number): RestrictionNode {
    onlyKeys('A_Expr', body, ['kind', 'name', 'lexpr', 'rexpr', 'rexpr_list_start', 'rexpr_list_end']);
    if (!Array.isArray(body.name) || body.name.length !== 1) throw refuse('A_Expr');
    const operator = stringValue(body.name[0]);
    // Unary operators (`-x`, `+1` on a column) have no left side: arithmetic is not accepted.
    if (body.lexpr === undefined || body.rexpr === undefined) throw refuse(`operator ${operator}`);
    if (body.kind === 'AEXPR_OP') {
      if (!COMPARISONS.has(operator)) throw refuse(`operator ${operator}`);
      return {
        kind: 'compare',
        op: operator as ComparisonOperator,
        left: this.operand(body.lexpr, depth + 1),
        right: this.operand(body.rexpr, depth + 1),
      };
    }
    if (body.kind === 'AEXPR_IN') {
      if (operator !== '=' && operator !== '<>') throw refuse('IN');
      const [listKind, list] = unwrap(body.rexpr);
      if (listKind !== 'List' || !Array.isArray(list.items) || list.items.length === 0) throw refuse('IN');
      onlyKeys('List', list, ['items']);
      return {
        kind: 'in',
        negated: operator === '<>',
        left: this.operand(body.lexpr, depth + 1),
        items: list.items.map((item: unknown) => this.operand(item, depth + 1, false)),
      };
    }
    throw refuse(typeof body.kind === 'string' ? body.kind : 'A_Expr');
  }
}

const PLACEHOLDER_PATTERN = /\{([^{}]*)\}/g;

function isPlaceholder(name: string): name is Placeholder {
  return (PLACEHOLDERS as readonly string[]).includes(name);
}

/** `{user.id}` etc. become `$1..$n` (one number per distinct placeholder) so the parser sees ParamRefs. */
function substitutePlaceholders(expression: string): { text: string; params: Placeholder[] } {
  const params: Placeholder[] = [];
  const text = expression.replace(PLACEHOLDER_PATTERN, (_whole, inner: string) => {
    const name = inner.trim();
    if (!isPlaceholder(name)) {
      throw new RowRestrictionError(
        fill(restrictionMessages.unknownPlaceholder, 'placeholder', `{${inner}}`),
      );
    }
    let index = params.indexOf(name);
    if (index === -1) index = params.push(name) - 1;
    return `$${index + 1}`;
  });
  return { text, params };
}

/** The statement must be exactly `SELECT 1 WHERE <expr>`: no FROM, GROUP BY, LIMIT, UNION, locking... */
function whereClauseOf(result: unknown): unknown {
  if (!isObject(result) || !Array.isArray(result.stmts) || result.stmts.length !== 1) {
    throw new RowRestrictionError(restrictionMessages.singleCondition);
  }
  const [raw] = result.stmts as unknown[];
  if (!isObject(raw)) throw refuse('?');
  const [kind, select] = unwrap(raw.stmt);
  if (kind !== 'SelectStmt' || select.op !== 'SETOP_NONE') throw refuse(kind);
  onlyKeys(kind, select, ['targetList', 'whereClause', 'limitOption', 'op']);
  if (select.limitOption !== 'LIMIT_OPTION_DEFAULT') throw refuse('LIMIT');
  const targets = select.targetList;
  if (!Array.isArray(targets) || targets.length !== 1) throw refuse('SELECT');
  if (select.whereClause === undefined) throw new RowRestrictionError(restrictionMessages.empty);
  return select.whereClause;
}

async function parseUncached(expression: string): Promise<ParsedRestriction> {
  const trimmed = expression.trim();
  if (trimmed === '') throw new RowRestrictionError(restrictionMessages.empty);
  if (trimmed.length > MAX_LENGTH) throw new RowRestrictionError(restrictionMessages.tooLong);
  // Our placeholders become $n; a '$' of the admin's own (ParamRef, dollar quoting) would be ambiguous.
  if (trimmed.includes('$')) throw new RowRestrictionError(restrictionMessages.dollar);
  const { text, params } = substitutePlaceholders(trimmed);
  const query = `SELECT 1 WHERE ${text}`;

  let tokens: { text: string; tokenName: string }[];
  let result: unknown;
  try {
    tokens = (await scan(query)).tokens;
    result = await parse(query);
  } catch (error) {
    throw syntaxRefusal(error instanceof Error ? error.message : String(error));
  }
  // Comments are legal SQL but have no place in a one-line condition; they could hide what it does.
  if (tokens.some((token) => token.text === ';' || token.tokenName.endsWith('_COMMENT'))) {
    throw new RowRestrictionError(restrictionMessages.singleCondition);
  }
  const builder = new TreeBuilder(params);
  const tree = builder.condition(whereClauseOf(result), 0);
  return { tree, columns: builder.columns, placeholders: builder.placeholders };
}

const CACHE_LIMIT = 500;
const cache = new Map<string, Promise<ParsedRestriction>>();

/**
 * Parses a restriction once per distinct text (the same few restrictions are used on every request).
 * Refusals are cached too, they are just as deterministic.
 */
export function parseRowRestriction(expression: string): Promise<ParsedRestriction> {
  let parsed = cache.get(expression);
  if (!parsed) {
    if (cache.size >= CACHE_LIMIT) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    parsed = parseUncached(expression);
    // Keep the rejection handled even when no one awaits this exact promise again.
    parsed.catch(() => undefined);
    cache.set(expression, parsed);
  }
  return parsed;
}

/** Every column the restriction names must be one of `columns`; a name outside it is refused. */
export function checkRestrictionColumns(parsed: ParsedRestriction, columns: Iterable<string>): void {
  const known = new Set(columns);
  for (const name of parsed.columns) {
    if (!known.has(name))
      throw new RowRestrictionError(fill(restrictionMessages.unknownColumn, 'column', name));
  }
}
