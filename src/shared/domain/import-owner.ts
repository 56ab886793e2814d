/**
 * The owner step and the duplicate policy of an import, chosen before the upload (see
 * docs/user-guide.md#importing-leads): who owns the new leads (an agent, or the assignment rules), with
 * the team, status and source new leads get where the file has no such column; and what happens to a row
 * whose phone a lead of the user's rows already has.
 */

export const IMPORT_DUPLICATE_POLICIES = ['skip', 'import', 'update'] as const;
/** skip: the row is left out; import: imported anyway; update: the existing lead's empty fields are filled. */
export type ImportDuplicatePolicy = (typeof IMPORT_DUPLICATE_POLICIES)[number];

export const IMPORT_OWNER_MODES = ['agent', 'rules'] as const;
/** agent: every new lead to one agent (team follows); rules: the assignment rules (/hooks) decide. */
export type ImportOwnerMode = (typeof IMPORT_OWNER_MODES)[number];

export interface ImportOwner {
  mode: ImportOwnerMode;
  /** The agent of mode 'agent'. */
  agent_id?: number | undefined;
  /** The team of leads no agent brings one to (mode 'rules'); with an agent the agent's team wins. */
  team_id?: number | undefined;
  status_id?: number | undefined;
  /** The default of utm_source ("Kaynak"). */
  source?: string | undefined;
}

/** The lead columns the owner step fills where the file has none, in the order they are applied. */
export const IMPORT_OWNER_COLUMNS = {
  agent: 'agent_id',
  team: 'team_id',
  status: 'status_id',
  source: 'utm_source',
} as const;

/** The policy of a request that names only the older flag (skipDuplicates=1 is "skip"). */
export function duplicatePolicyOf(
  policy: ImportDuplicatePolicy | undefined,
  skipDuplicates: 0 | 1,
): ImportDuplicatePolicy {
  return policy ?? (skipDuplicates === 1 ? 'skip' : 'import');
}
