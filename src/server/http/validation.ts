import { z } from 'zod';
import { format, messages } from '../../shared/i18n/messages';
import { DomainError, serverMessages } from '../domain-errors';

type Issue = z.core.$ZodIssue;
type PathKey = PropertyKey;

/**
 * zod's own messages are English. Parsing with this per-parse error map marks every issue that has no
 * message written in the contract, so we can word it in Turkish with the full field path afterwards
 * (the path is not complete yet when the map runs). Contract-written messages take precedence over it.
 */
const MISSING = '\u0000missing';
const INVALID = '\u0000invalid';
const markDefault = (issue: z.core.$ZodRawIssue): string => (issue.input === undefined ? MISSING : INVALID);

/** A key worth echoing: an index or a plain field name (never a sender's arbitrary text). */
const PLAIN_KEY = /^[\p{L}_][\p{L}\p{N}_]{0,63}$/u;

/**
 * The path up to its first key that is not a plain name: a hostile key (SQL, markup, a megabyte of text)
 * is the caller's own input and is not repeated back to them or into the log's answer line.
 */
function fieldLabel(path: readonly PathKey[]): string {
  const plain: string[] = [];
  for (const key of path) {
    if (typeof key === 'number') plain.push(String(key));
    else if (typeof key === 'string' && PLAIN_KEY.test(key)) plain.push(key);
    else break;
  }
  return plain.join('.');
}

/** Unions report every branch; the branch with the fewest complaints is the one the caller meant. */
function closestBranch(issue: Issue): { issue: Issue; path: readonly PathKey[] } {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return { issue, path: issue.path };
  const branches = issue.errors.filter((branch) => branch.length > 0);
  const best = branches.reduce<Issue[] | undefined>(
    (found, branch) => (found === undefined || branch.length < found.length ? branch : found),
    undefined,
  );
  const first = best?.[0];
  if (!first) return { issue, path: issue.path };
  const inner = closestBranch(first);
  return { issue: inner.issue, path: [...issue.path, ...inner.path] };
}

/**
 * One Turkish sentence for the first problem, naming the field. Messages are used as written only when
 * the issues come from parseInput (contract messages are Turkish; the rest carry our markers).
 */
export function describeIssues(issues: readonly Issue[], marked = true): string {
  const first = issues[0];
  if (!first) return messages.invalidRequest;
  const { issue, path } = closestBranch(first);
  const field = fieldLabel(path);
  const isDefault = issue.message === MISSING || issue.message === INVALID;
  if (marked && !isDefault) return issue.message;
  if (!field) return messages.invalidRequest;
  return issue.message === MISSING
    ? format(serverMessages.requiredField, { field })
    : format(messages.invalidField, { field });
}

export function isZodError(error: unknown): error is z.core.$ZodError {
  return error instanceof z.core.$ZodError;
}

interface Visit {
  value: unknown;
  key: PathKey | undefined;
  parent: Visit | undefined;
}

function pathOf(visit: Visit): PathKey[] {
  const path: PathKey[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/** Paths deeper than any contract field are not worth naming (and would make a huge message). */
const MAX_NAMED_DEPTH = 8;

/**
 * The path of the first string (value or key) holding a NUL character, or null. PostgreSQL text cannot
 * hold U+0000, so such a value would otherwise fail in the database as a 500. Walks without recursion and
 * builds a path only for the one it reports: a JSON body may be nested deeper than the call stack, and
 * copying the path at every level would make a deeply nested body cost quadratic time.
 */
export function findNulCharacter(input: unknown): PathKey[] | null {
  const pending: Visit[] = [{ value: input, key: undefined, parent: undefined }];
  for (let visit = pending.pop(); visit !== undefined; visit = pending.pop()) {
    const { value } = visit;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathOf(visit);
    } else if (typeof value === 'object' && value !== null) {
      const entries: [PathKey, unknown][] = Array.isArray(value)
        ? value.map((entry, index): [PathKey, unknown] => [index, entry])
        : Object.entries(value);
      if (entries.some(([key]) => typeof key === 'string' && key.includes('\u0000'))) return pathOf(visit);
      // Pushed in reverse, so the first offending field in the input is the one named.
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, entry] = entries[i] as [PathKey, unknown];
        pending.push({ value: entry, key, parent: visit });
      }
    }
  }
  return null;
}

/** Parses input with a contract schema; bad input becomes a 400 with a Turkish message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const nul = findNulCharacter(input);
  if (nul !== null) {
    const field = nul.length <= MAX_NAMED_DEPTH ? fieldLabel(nul) : '';
    throw DomainError.invalid(field ? format(messages.invalidField, { field }) : messages.invalidRequest);
  }
  const result = schema.safeParse(input, { error: markDefault });
  if (!result.success) throw DomainError.invalid(describeIssues(result.error.issues));
  return result.data;
}

/** For a ZodError thrown where we did not parse: its messages may be zod's English, so name the field only. */
export function describeZodError(error: z.core.$ZodError): string {
  return describeIssues(error.issues, false);
}
