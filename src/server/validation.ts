import { z } from 'zod';
import { format, messages } from '../shared/i18n/messages';
import { HttpError, serverMessages } from './http-error';

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

function fieldLabel(path: readonly PathKey[]): string {
  return path.map((key) => String(key)).join('.');
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

/** Parses input with a contract schema; bad input becomes a 400 with a Turkish message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { error: markDefault });
  if (!result.success) throw HttpError.badRequest(describeIssues(result.error.issues));
  return result.data;
}

/** For a ZodError thrown where we did not parse: its messages may be zod's English, so name the field only. */
export function describeZodError(error: z.core.$ZodError): string {
  return describeIssues(error.issues, false);
}
