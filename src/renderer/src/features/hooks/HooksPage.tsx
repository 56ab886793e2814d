import {
  Button,
  Callout,
  Card,
  HTMLSelect,
  InputGroup,
  NonIdealState,
  Spinner,
  Switch,
  Tag,
} from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { Hook } from '../../../../shared/contract/hooks';
import { OPTION_LIST_IDS } from '../../../../shared/domain/constants';
import { format, messages } from '../../../../shared/i18n/messages';
import { useOptions } from '../../api/options';
import { useCrmMutation, useCrmQuery } from '../../api/use-crm-call';
import { useNotifier } from '../../ui/toaster';
import { workTexts } from '../../i18n/work-texts';
import { usePageTitle } from '../../shell/top-bar/top-bar-slot';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import {
  draftOf,
  emptyDraft,
  HOOK_IF_FIELDS,
  HOOK_THEN_FIELDS,
  optionListOf,
  ROUND_ROBIN_PREFIX,
  swapSorts,
  type HookDraft,
} from './hook-form';
import './hooks.css';

const label = (field: string): string => workTexts.hookFieldLabels[field] ?? field;

type ValueBoxProps = {
  field: HookDraft['if'] | HookDraft['then'];
  value: string;
  onChange: (value: string) => void;
  withRoundRobin: boolean;
  testId: string;
  ariaLabel: string;
};

/** A value from the field's option list (agents, teams, statuses...), or typed text (utm_source, city). */
function ValueBox({ field, value, onChange, withRoundRobin, testId, ariaLabel }: ValueBoxProps): ReactNode {
  const listId = optionListOf(field);
  const options = useOptions(listId);
  const teams = useOptions(withRoundRobin ? OPTION_LIST_IDS.teams : null);
  if (listId === null) {
    return (
      <InputGroup
        value={value}
        onValueChange={onChange}
        aria-label={ariaLabel}
        maxLength={200}
        data-testid={testId}
      />
    );
  }
  return (
    <HTMLSelect
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      aria-label={ariaLabel}
      data-testid={testId}
    >
      <option value="">{workTexts.hookChoose}</option>
      {withRoundRobin ? (
        <optgroup label={workTexts.hookRoundRobin}>
          {(teams.data?.items ?? []).map((team) => (
            <option key={`rr-${String(team.value)}`} value={`${ROUND_ROBIN_PREFIX}${String(team.value)}`}>
              {format(workTexts.hookRoundRobinTeam, { team: team.label })}
            </option>
          ))}
        </optgroup>
      ) : null}
      <optgroup label={label(field)}>
        {(options.data?.items ?? []).map((item) => (
          <option key={String(item.value)} value={String(item.value)}>
            {item.label}
          </option>
        ))}
      </optgroup>
    </HTMLSelect>
  );
}

type RuleFormProps = {
  hook: Hook | null;
  index: number;
  onMove?: (direction: -1 | 1) => void;
  onRemove?: () => void;
  onSaved?: () => void;
};

/** One condition/action pair: if {field} = {value} then {field} = {value}. */
function RuleForm({ hook, index, onMove, onRemove, onSaved }: RuleFormProps): ReactNode {
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<HookDraft>(hook ? draftOf(hook) : emptyDraft());
  const save = useCrmMutation('hooksSave');
  const key = hook ? String(hook.id) : 'new';
  const change = (patch: Partial<HookDraft>): void => setDraft({ ...draft, ...patch });

  const submit = (): void => {
    if (draft.if_value.trim() === '' || draft.then_value.trim() === '') {
      return notifier.warning(messages.hookValueRequired);
    }
    save.mutate(
      {
        body: {
          ...(draft.id !== undefined ? { id: draft.id } : {}),
          if: draft.if,
          if_value: draft.if_value,
          then: draft.then,
          then_value: draft.then_value,
          active: draft.active,
          ...(draft.sort !== undefined ? { sort: draft.sort } : {}),
        },
      },
      {
        onSuccess: (answer) => {
          notifier.success(answer.msg);
          void queryClient.invalidateQueries({ queryKey: ['crm', 'call', 'hooks'] });
          if (!hook) setDraft(emptyDraft());
          onSaved?.();
        },
        onError: (error) => notifier.danger(messages.operationFailed, error.message),
      },
    );
  };

  return (
    <Card
      compact
      className={`work-hook${draft.active === 1 ? '' : ' is-passive'}`}
      data-testid={`hook-${key}`}
    >
      <form
        noValidate
        className="work-hook-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <span className="work-hook-order">{hook ? `${index + 1}.` : '+'}</span>
        <span className="work-hook-word">{workTexts.hookIf}</span>
        <HTMLSelect
          value={draft.if}
          onChange={(event) => change({ if: event.currentTarget.value as HookDraft['if'], if_value: '' })}
          aria-label={workTexts.hookIf}
          data-testid={`hook-if-${key}`}
        >
          {HOOK_IF_FIELDS.map((field) => (
            <option key={field} value={field}>
              {label(field)}
            </option>
          ))}
        </HTMLSelect>
        <span className="work-hook-word">=</span>
        <ValueBox
          field={draft.if}
          value={draft.if_value}
          onChange={(if_value) => change({ if_value })}
          withRoundRobin={false}
          testId={`hook-if-value-${key}`}
          ariaLabel={workTexts.hookIfValue}
        />
        <span className="work-hook-word">{workTexts.hookThen}</span>
        <HTMLSelect
          value={draft.then}
          onChange={(event) =>
            change({ then: event.currentTarget.value as HookDraft['then'], then_value: '' })
          }
          aria-label={workTexts.hookThen}
          data-testid={`hook-then-${key}`}
        >
          {HOOK_THEN_FIELDS.map((field) => (
            <option key={field} value={field}>
              {label(field)}
            </option>
          ))}
        </HTMLSelect>
        <span className="work-hook-word">=</span>
        <ValueBox
          field={draft.then}
          value={draft.then_value}
          onChange={(then_value) => change({ then_value })}
          withRoundRobin={draft.then === 'agent_id'}
          testId={`hook-then-value-${key}`}
          ariaLabel={workTexts.hookThenValue}
        />
        <Switch
          checked={draft.active === 1}
          onChange={(event) => change({ active: event.currentTarget.checked ? 1 : 0 })}
          label={draft.active === 1 ? workTexts.hookActive : workTexts.hookPassive}
          className="work-hook-switch"
        />
        <div className="work-hook-actions">
          {onMove ? (
            <>
              <Button
                variant="minimal"
                icon="arrow-up"
                aria-label={workTexts.hookMoveUp}
                title={workTexts.hookMoveUp}
                onClick={() => onMove(-1)}
              />
              <Button
                variant="minimal"
                icon="arrow-down"
                aria-label={workTexts.hookMoveDown}
                title={workTexts.hookMoveDown}
                onClick={() => onMove(1)}
              />
            </>
          ) : null}
          <Button
            type="submit"
            intent="primary"
            icon={hook ? 'floppy-disk' : 'add'}
            text={hook ? workTexts.hookSave : workTexts.hookAdd}
            loading={save.isPending}
            data-testid={`hook-save-${key}`}
          />
          {onRemove ? (
            <Button
              variant="minimal"
              intent="danger"
              icon="trash"
              aria-label={workTexts.hookRemove}
              title={workTexts.hookRemove}
              onClick={onRemove}
            />
          ) : null}
        </div>
      </form>
      {hook && hook.skipped_count > 0 ? (
        <Callout
          intent="warning"
          icon="warning-sign"
          compact
          className="work-hook-skip"
          data-testid={`hook-skipped-${key}`}
        >
          {format(workTexts.hookSkipped, { count: hook.skipped_count, reason: hook.last_skip_reason ?? '' })}
        </Callout>
      ) : null}
    </Card>
  );
}

/**
 * /hooks (see docs/requirements.md#lead-workspace-and-work-screens): lead-assignment rules as condition/action pairs (if, if_value, then, then_value),
 * in the order they run; round robin among a team's active agents; skipped rules show why.
 */
export function HooksPage(): ReactNode {
  usePageTitle(workTexts.hooksTitle);
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const hooks = useCrmQuery('hooks', {});
  const save = useCrmMutation('hooksSave');
  const remove = useCrmMutation('hookRemove');
  const [removing, setRemoving] = useState<Hook | null>(null);
  const list = hooks.data?.results ?? [];
  const refresh = (): void => void queryClient.invalidateQueries({ queryKey: ['crm', 'call', 'hooks'] });

  const move = async (index: number, direction: -1 | 1): Promise<void> => {
    const swaps = swapSorts(list, index, direction);
    if (!swaps) return;
    try {
      for (const swap of swaps) {
        const hook = list.find((item) => item.id === swap.id);
        if (!hook) continue;
        await save.mutateAsync({
          body: {
            id: hook.id,
            if: hook.if,
            if_value: hook.if_value,
            then: hook.then,
            then_value: hook.then_value,
            active: hook.active,
            sort: swap.sort,
          },
        });
      }
    } catch (error) {
      notifier.danger(messages.operationFailed, error instanceof Error ? error.message : undefined);
    }
    refresh();
  };

  const body = (): ReactNode => {
    if (hooks.isPending) return <Spinner size={24} className="work-hooks-spinner" />;
    if (hooks.isError) {
      return (
        <Callout intent="danger" icon="error" title={workTexts.hooksLoadFailed}>
          {hooks.error.message}
        </Callout>
      );
    }
    if (list.length === 0) return <NonIdealState icon="flow-branch" description={workTexts.hooksEmpty} />;
    return list.map((hook, index) => (
      <RuleForm
        // A save brings new values: the form starts again from them.
        key={`${hook.id}-${hook.sort}-${hook.then_value}-${hook.if_value}-${hook.active}-${hook.skipped_count}`}
        hook={hook}
        index={index}
        onMove={(direction) => void move(index, direction)}
        onRemove={() => setRemoving(hook)}
      />
    ));
  };

  return (
    <div className="page work-hooks-page" data-testid="hooks-page">
      <Callout icon="info-sign" className="work-hooks-intro">
        {workTexts.hooksIntro} <Tag minimal>{ROUND_ROBIN_PREFIX}</Tag>
      </Callout>
      <div className="work-hooks-list">{body()}</div>
      <RuleForm hook={null} index={list.length} />
      <ConfirmDialog
        isOpen={removing !== null}
        message={workTexts.hookRemoveConfirm}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { body: { id: removing.id } },
            {
              onSuccess: (answer) => {
                setRemoving(null);
                notifier.success(answer.msg);
                refresh();
              },
              onError: (error) => {
                setRemoving(null);
                notifier.danger(messages.operationFailed, error.message);
              },
            },
          )
        }
      />
    </div>
  );
}
