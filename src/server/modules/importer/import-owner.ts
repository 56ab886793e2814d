import type { Kysely } from 'kysely';
import { IMPORT_OWNER_COLUMNS, type ImportOwner } from '../../../shared/domain/import-owner';
import { format } from '../../../shared/i18n/messages';
import { workflowMessages } from '../../../shared/i18n/workflow-messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import { leadAgentRule } from '../../engine/assignees';
import type { TableAccess } from '../../engine/permission-resolver';
import { coerceWriteValue, type WriteValue } from '../../engine/record-writer';
import type { EngineUser } from '../../engine/types';

/**
 * The owner step of an import (see docs/user-guide.md#importing-leads), checked by the server as a form's
 * agent would be: the user may write each field it fills, the agent is active and one the user may hand
 * work to (leadAgentRule), team and status exist. Answers the values new rows get where the file has no
 * such column, and the columns the manager chose (the ownership hook then carries the agent's team).
 */
export interface OwnerValues {
  values: Map<string, WriteValue>;
  /** Chosen by the manager: the journal and the ownership hook treat them as given. */
  chosen: Set<string>;
  /** Assignment-rule fields the rules must not override (the manager named them). */
  decided: string[];
}

function writableField(access: TableAccess, name: string) {
  const field = access.writable.find((item) => item.name === name);
  if (!field) {
    const label = access.table.fieldsByName.get(name)?.displayName ?? name;
    throw DomainError.invalid(format(workflowMessages.importOwnerFieldNotAllowed, { field: label }));
  }
  return field;
}

export async function ownerValues(
  db: Kysely<Database>,
  user: EngineUser,
  access: TableAccess,
  owner: ImportOwner | undefined,
): Promise<OwnerValues> {
  const result: OwnerValues = { values: new Map(), chosen: new Set(), decided: [] };
  if (!owner) return result;
  const columns = access.table.columns;
  const set = (name: string, raw: string | number): void => {
    const field = writableField(access, name);
    result.values.set(name, coerceWriteValue(field, String(raw)));
    result.chosen.add(name);
  };

  if (owner.mode === 'agent' && owner.agent_id !== undefined && columns.has(IMPORT_OWNER_COLUMNS.agent)) {
    const agent = await db
      .selectFrom('users')
      .select(['id', 'team_id', 'active'])
      .where('id', '=', owner.agent_id)
      .executeTakeFirst();
    if (!agent || !leadAgentRule(user, agent))
      throw DomainError.invalid(workflowMessages.importOwnerAgentNotAllowed);
    if (agent.active !== 1) throw DomainError.invalid(workflowMessages.importOwnerAgentInactive);
    set(IMPORT_OWNER_COLUMNS.agent, agent.id);
    result.decided.push(IMPORT_OWNER_COLUMNS.agent, IMPORT_OWNER_COLUMNS.team);
  } else if (
    owner.mode === 'rules' &&
    owner.team_id !== undefined &&
    columns.has(IMPORT_OWNER_COLUMNS.team)
  ) {
    const team = await db.selectFrom('teams').select('id').where('id', '=', owner.team_id).executeTakeFirst();
    if (!team) throw DomainError.invalid(workflowMessages.importOwnerTeamMissing);
    set(IMPORT_OWNER_COLUMNS.team, team.id);
    // The team's pool: no agent until a rule (or a manager) assigns one.
    if (columns.has(IMPORT_OWNER_COLUMNS.agent)) {
      writableField(access, IMPORT_OWNER_COLUMNS.agent);
      result.values.set(IMPORT_OWNER_COLUMNS.agent, null);
    }
  }

  if (owner.status_id !== undefined && columns.has(IMPORT_OWNER_COLUMNS.status)) {
    const status = await db
      .selectFrom('lead_statuses')
      .select('id')
      .where('id', '=', owner.status_id)
      .executeTakeFirst();
    if (!status) throw DomainError.invalid(workflowMessages.importOwnerStatusMissing);
    set(IMPORT_OWNER_COLUMNS.status, status.id);
    result.decided.push(IMPORT_OWNER_COLUMNS.status);
  }
  if (owner.source !== undefined && owner.source !== '' && columns.has(IMPORT_OWNER_COLUMNS.source)) {
    set(IMPORT_OWNER_COLUMNS.source, owner.source);
  }
  return result;
}

/** What the import report shows of the owner step: the agent and team names, or the rules (and pool). */
export function ownerText(
  owner: ImportOwner | null,
  names: { agent: string | null; agentTeam: string | null; team: string | null },
): string | null {
  if (!owner) return null;
  if (owner.mode === 'agent') {
    return format(workflowMessages.importReportOwnerAgent, {
      agent: names.agent ?? '',
      team: names.agentTeam ?? '-',
    });
  }
  return names.team === null
    ? workflowMessages.importReportOwnerRules
    : format(workflowMessages.importReportOwnerRulesTeam, { team: names.team });
}
