import { Classes, FormGroup, HTMLSelect, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { OPTION_LIST_IDS } from '../../../../shared/domain/constants';
import type {
  ImportDuplicatePolicy,
  ImportOwner,
  ImportOwnerMode,
} from '../../../../shared/domain/import-owner';
import { workflowMessages } from '../../../../shared/i18n/workflow-messages';
import { useOptions } from '../../api/options';

/** The owner step as the screen edits it: ids as select values ('' for none). */
export interface OwnerDraft {
  mode: ImportOwnerMode;
  agentId: string;
  teamId: string;
  statusId: string;
  source: string;
}

export const EMPTY_OWNER: OwnerDraft = { mode: 'rules', agentId: '', teamId: '', statusId: '', source: '' };

/**
 * The owner step as the upload sends it, or a Turkish problem. "Rules" with nothing chosen sends no
 * owner: the leads are the importer's until a rule assigns them, as before the step existed.
 */
export function ownerOfDraft(draft: OwnerDraft): { owner: ImportOwner | undefined } | { problem: string } {
  const number = (text: string): number | undefined => (text === '' ? undefined : Number(text));
  const source = draft.source.trim() === '' ? undefined : draft.source.trim();
  if (draft.mode === 'agent') {
    if (draft.agentId === '') return { problem: workflowMessages.importOwnerAgentRequired };
    return {
      owner: { mode: 'agent', agent_id: number(draft.agentId), status_id: number(draft.statusId), source },
    };
  }
  if (draft.teamId === '' && draft.statusId === '' && source === undefined) return { owner: undefined };
  return {
    owner: { mode: 'rules', team_id: number(draft.teamId), status_id: number(draft.statusId), source },
  };
}

const POLICIES: { value: ImportDuplicatePolicy; label: string }[] = [
  { value: 'skip', label: workflowMessages.importDuplicateSkip },
  { value: 'import', label: workflowMessages.importDuplicateImport },
  { value: 'update', label: workflowMessages.importDuplicateUpdate },
];

/**
 * Who owns the new leads and what a row whose phone a lead already has does, chosen before the upload
 * (see docs/user-guide.md#importing-leads). The server checks the choice again.
 */
export function ImportOwnerStep({
  draft,
  onChange,
  policy,
  onPolicy,
  disabled,
}: {
  draft: OwnerDraft;
  onChange: (next: OwnerDraft) => void;
  policy: ImportDuplicatePolicy;
  onPolicy: (next: ImportDuplicatePolicy) => void;
  disabled: boolean;
}): ReactNode {
  const agents = useOptions(OPTION_LIST_IDS.agents);
  const teams = useOptions(OPTION_LIST_IDS.teams);
  const statuses = useOptions(OPTION_LIST_IDS.leadStatuses);
  const options = (items: { label: string; value: string | number }[] | undefined, none: string) => [
    { value: '', label: none },
    ...(items ?? []).map((item) => ({ value: String(item.value), label: item.label })),
  ];
  return (
    <div className="importer-owner" data-testid="import-owner">
      <div className="importer-owner-column">
        <h4 className="importer-owner-title">{workflowMessages.importOwnerTitle}</h4>
        <RadioGroup
          inline
          selectedValue={draft.mode}
          disabled={disabled}
          onChange={(event) => onChange({ ...draft, mode: event.currentTarget.value as ImportOwnerMode })}
        >
          <Radio value="agent" label={workflowMessages.importOwnerAgent} data-testid="import-owner-agent" />
          <Radio value="rules" label={workflowMessages.importOwnerRules} data-testid="import-owner-rules" />
        </RadioGroup>
        {draft.mode === 'agent' ? (
          <FormGroup label={workflowMessages.importOwnerAgentField} labelFor="import-owner-agent-select">
            <HTMLSelect
              id="import-owner-agent-select"
              fill
              disabled={disabled}
              value={draft.agentId}
              options={options(agents.data?.items, workflowMessages.importOwnerAgentChoose)}
              onChange={(event) => onChange({ ...draft, agentId: event.currentTarget.value })}
              data-testid="import-owner-agent-select"
            />
          </FormGroup>
        ) : (
          <FormGroup
            label={workflowMessages.importOwnerTeamField}
            labelFor="import-owner-team-select"
            helperText={
              draft.teamId === ''
                ? workflowMessages.importOwnerTeamNone
                : workflowMessages.importOwnerTeamRulesHint
            }
          >
            <HTMLSelect
              id="import-owner-team-select"
              fill
              disabled={disabled}
              value={draft.teamId}
              options={options(teams.data?.items, '—')}
              onChange={(event) => onChange({ ...draft, teamId: event.currentTarget.value })}
              data-testid="import-owner-team-select"
            />
          </FormGroup>
        )}
        <FormGroup
          label={workflowMessages.importOwnerStatusField}
          labelFor="import-owner-status-select"
          helperText={workflowMessages.importOwnerStatusHint}
        >
          <HTMLSelect
            id="import-owner-status-select"
            fill
            disabled={disabled}
            value={draft.statusId}
            options={options(statuses.data?.items, '—')}
            onChange={(event) => onChange({ ...draft, statusId: event.currentTarget.value })}
            data-testid="import-owner-status-select"
          />
        </FormGroup>
        <FormGroup
          label={workflowMessages.importOwnerSourceField}
          labelFor="import-owner-source"
          helperText={workflowMessages.importOwnerSourceHint}
        >
          <InputGroup
            id="import-owner-source"
            disabled={disabled}
            value={draft.source}
            onChange={(event) => onChange({ ...draft, source: event.currentTarget.value })}
            data-testid="import-owner-source"
          />
        </FormGroup>
      </div>
      <div className="importer-owner-column">
        <h4 className="importer-owner-title">{workflowMessages.importDuplicateTitle}</h4>
        <RadioGroup
          selectedValue={policy}
          disabled={disabled}
          onChange={(event) => onPolicy(event.currentTarget.value as ImportDuplicatePolicy)}
        >
          {POLICIES.map((item) => (
            <Radio
              key={item.value}
              value={item.value}
              label={item.label}
              data-testid={`import-policy-${item.value}`}
            />
          ))}
        </RadioGroup>
        <p className={`${Classes.TEXT_MUTED} importer-owner-hint`}>{workflowMessages.importDuplicateHint}</p>
      </div>
    </div>
  );
}
