/**
 * Comments point at docs/ sections or the contract, never at the numbers of the two specification
 * documents' sections or of issues, which a reader of the repository cannot open. This module finds such
 * references and rewrites them: a specification section becomes the docs/requirements.md section that
 * states the same rules in our own words, an issue the guide of its feature.
 * Run with `npx tsx scripts/rewrite-doc-references.ts` (see docs/development.md#comments).
 */

const REQUIREMENTS = 'docs/requirements.md';

/** Section k of specification document n, as the docs/requirements.md section it became. */
const SPEC_SECTIONS: Record<string, string> = {
  '1.1': 'who-uses-it',
  '2.1': 'who-uses-it',
  '1.2': 'shell-lists-and-chat',
  '2.2': 'lead-workspace-and-work-screens',
  '1.3': 'records-notes-and-settings',
  '2.3': 'lead-money-task-and-report-data',
  '1.4': 'notification-and-list-states',
  '2.4': 'task-customer-and-money-states',
  '1.5': 'filters-and-list-input',
  '2.5': 'money-importer-and-lead-input',
  '1.6': 'departments-and-permissions',
  '2.6': 'departments-and-permissions',
  '1.7': 'calls',
  '2.7': 'calls',
  '1.8': 'messages-the-user-reads',
  '2.8': 'messages-the-user-reads',
  '1.9': 'constants-and-limits',
  '2.9': 'constants-and-limits',
};

/** The feature each issue built, as the docs section that describes it. */
const ISSUES: Record<number, string> = {
  3: 'docs/user-guide.md#working-with-lists',
  4: 'docs/user-guide.md#the-lead-workspace',
  5: 'docs/user-guide.md#shell-search-and-reminders',
  9: 'docs/operations.md#security',
  10: 'docs/operations.md#outside-systems',
  11: 'docs/architecture.md#server-modules-and-the-engine',
  12: 'docs/money.md',
  13: 'docs/user-guide.md#importing-leads',
  14: 'docs/admin-guide.md',
  15: 'docs/user-guide.md#reports',
  16: 'docs/user-guide.md#tasks-call-periods-rules-offers-and-surveys',
  17: 'docs/it-deployment.md',
  18: 'docs/operations.md#security',
  25: 'docs/money.md',
  26: 'docs/user-guide.md',
  27: 'docs/security.md',
  28: 'docs/requirements.md#calls',
  29: 'docs/development.md',
  30: 'docs/architecture.md#import-rules-the-lint-enforces',
};

// Built from parts, so this file does not match its own patterns.
const SECTION = '\u00a7';
const GAP = String.raw`(?:[ \t]|\n[ \t]*(?:\*|\/\/|#)?[ \t]*)*`;
const TOKEN = new RegExp(
  [
    String.raw`(?<spec>(?<specOpen>\(?)[Ss]pec(?:ification)?[ \t]*(?<doc>[12])${GAP}${SECTION}[ \t]*(?<section>\d+))`,
    String.raw`(?<bare>${SECTION}[ \t]*(?<bareSection>\d+))`,
    String.raw`(?<issue>(?<issueOpen>\(?)[Ii]ssues?[ \t]*#?(?<issueNumber>\d{1,2})\b(?:[ \t]*${SECTION}[ \t]*\d+)?)`,
  ].join('|'),
  'g',
);

/** A reference a reader cannot follow, for the guard test: a specification section or an issue. */
export const UNFOLLOWABLE_REFERENCE = new RegExp(
  String.raw`[Ss]pec(?:ification)?[ \t]*[12]${GAP}${SECTION}|${SECTION}[ \t]*\d|\b[Ii]ssues?[ \t]*#?\d{1,2}\b`,
);

/** `§3-§5` as `§3, §4, §5`, so every section of a range gets its own pointer. */
function expandRanges(text: string): string {
  return text.replace(
    new RegExp(String.raw`${SECTION}[ \t]*(\d+)[ \t]*[-\u2013][ \t]*${SECTION}[ \t]*(\d+)`, 'g'),
    (whole, from: string, to: string) => {
      const [a, b] = [Number(from), Number(to)];
      if (b <= a || b - a > 8) return whole;
      return Array.from({ length: b - a + 1 }, (_, i) => `${SECTION}${a + i}`).join(', ');
    },
  );
}

/** `docs/requirements.md#a, #b, #a` as `docs/requirements.md#a, #b`. */
function dedupeAnchors(text: string): string {
  return text.replace(/docs\/requirements\.md#[a-z-]+(?:, #[a-z-]+)+/g, (list) => {
    const seen = new Set<string>();
    return list
      .split(', ')
      .filter((part) => {
        const anchor = part.slice(part.lastIndexOf('#'));
        if (seen.has(anchor)) return false;
        seen.add(anchor);
        return true;
      })
      .join(', ');
  });
}

/** The text with every specification and issue reference pointing at its docs/ section instead. */
export function rewriteDocReferences(source: string): string {
  const text = expandRanges(source);
  let lastDoc: string | null = null;
  let lastLinkLine = -1;
  const lineOf = (offset: number): number => text.slice(0, offset).split('\n').length;
  const rewritten = text.replace(TOKEN, (whole: string, ...rest: unknown[]) => {
    const groups = rest[rest.length - 1] as Record<string, string | undefined>;
    const offset = rest[rest.length - 3] as number;
    if (groups.spec) {
      const anchor = SPEC_SECTIONS[`${groups.doc}.${groups.section}`];
      if (!anchor) return whole;
      lastDoc = groups.doc ?? null;
      lastLinkLine = lineOf(offset);
      const open = groups.specOpen ?? '';
      return `${open}${open === '(' ? 'see ' : ''}${REQUIREMENTS}#${anchor}`;
    }
    if (groups.bare) {
      const anchor = lastDoc ? SPEC_SECTIONS[`${lastDoc}.${groups.bareSection}`] : undefined;
      if (!anchor) return whole;
      return lineOf(offset) === lastLinkLine ? `#${anchor}` : `${REQUIREMENTS}#${anchor}`;
    }
    const target = ISSUES[Number(groups.issueNumber)];
    if (!target) return whole;
    const open = groups.issueOpen ?? '';
    return `${open}${open === '(' ? 'see ' : ''}${target}`;
  });
  return dedupeAnchors(rewritten.replaceAll('(see see ', '(see '));
}
