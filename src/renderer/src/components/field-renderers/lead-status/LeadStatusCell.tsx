import { Button, Menu, MenuDivider, MenuItem, PopoverNext, Tag } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactElement, type ReactNode } from 'react';
import type { CallResult, OptionItem, RecordRow } from '../../../../../shared/contract';
import type { CallLine } from '../../../../../shared/domain';
import { messages } from '../../../../../shared/i18n/messages';
import { usePermissions } from '../../../api/permissions';
import { useOptions, useResolvedOptions, type OptionIndex } from '../../../api/options';
import { crmKeys } from '../../../api/query-keys';
import { callCrm, useCrmMutation } from '../../../api/use-crm-call';
import { useNotifier } from '../../../ui/toaster';
import { useBridge } from '../../../bridge/bridge-context';
import { uiTexts } from '../../../i18n/ui-texts';
import { useFieldRendererContext } from '../renderer-context';
import { cellText } from '../renderers';
import type { FieldRendererProps } from '../types';
import { patchTableRows } from './patch-rows';
import { callablePhone, rowHasPhoneColumns } from './quick-call';
import { statusLook, toStatusChoices } from './status-options';
import { CallLineItems } from './CallLineItems';
import { useQuickCall } from './use-quick-call';

type TableAnswer = CallResult<'table'>;

function recordId(row: RecordRow, key: string): number | null {
  const id = Number(row[key]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export type StatusLabelProps = { option: OptionItem | undefined; raw: string };

/** docs/requirements.md#shell-lists-and-chat: the status as a coloured label with the option's own background and text colour. */
export function StatusLabel({ option, raw }: StatusLabelProps): ReactNode {
  const look = statusLook(option, raw);
  return (
    <Tag
      className="lead-status-tag"
      // Blueprint measures a single-line tag after every draw to set its overflow title (a forced layout
      // per visible row while a long list scrolls); CSS cuts the text instead, and the title is ours.
      multiline
      round
      minimal={!look.known}
      style={look.known ? { background: look.background, color: look.color } : undefined}
      title={look.label}
    >
      {look.label}
    </Tag>
  );
}

/** A saved status, remembered against the value it replaced until the list data catches up. */
type SavedStatus = { from: string; to: string };

/**
 * Lead-status cell (see docs/requirements.md#shell-lists-and-chat): the coloured label, and on click a menu for a quick status change and a
 * quick call over one of the lines (see docs/requirements.md#constants-and-limits). Outside a list (no renderer context) it only shows the label.
 * A list observes its status options for its cells (useOptionLists); elsewhere the cell observes them.
 */
export function LeadStatusCell(props: FieldRendererProps): ReactNode {
  const resolved = useResolvedOptions(props.field.options);
  return resolved.owned ? (
    <StatusCellFace {...props} index={resolved.index} />
  ) : (
    <QueriedStatusCell {...props} />
  );
}

function QueriedStatusCell(props: FieldRendererProps): ReactNode {
  const options = useOptions(props.field.options);
  return <StatusCellFace {...props} index={options.data} />;
}

type StatusCellFaceProps = FieldRendererProps & { index: OptionIndex | undefined };

function StatusCellFace({ value, field, row, index }: StatusCellFaceProps): ReactNode {
  const context = useFieldRendererContext();
  // The menu (its save, quick call and popover) is mounted on the first click only: a long list would
  // otherwise set all of it up for every row it draws, which made each scroll step slow.
  const [active, setActive] = useState(false);
  const raw = cellText(value);
  const id = recordId(row, 'id');
  const option = index?.byValue.get(raw);
  if (!context || id === null) {
    return raw === '' ? null : <StatusLabel option={option} raw={raw} />;
  }
  if (active) {
    return <LeadStatusMenu table={context.table} id={id} field={field} row={row} raw={raw} initiallyOpen />;
  }
  return statusFace({ id, shown: raw, option, busy: false, onClick: () => setActive(true) });
}

type StatusFaceProps = {
  id: number;
  shown: string;
  option: OptionItem | undefined;
  busy: boolean;
  onClick?: () => void;
};

/** What the cell shows: the label and the menu button. A plain element, so the popover can wrap it. */
function statusFace({ id, shown, option, busy, onClick }: StatusFaceProps): ReactElement {
  return (
    <span className="lead-status-cell" data-testid={`status-cell-${id}`} data-value={shown} onClick={onClick}>
      {shown === '' ? (
        <span className="lead-status-empty">{uiTexts.emptyValue}</span>
      ) : (
        <StatusLabel option={option} raw={shown} />
      )}
      <Button
        variant="minimal"
        size="small"
        icon={busy ? 'more' : 'caret-down'}
        className="lead-status-menu-button"
        aria-label={uiTexts.changeStatus}
        aria-haspopup="menu"
        data-testid={`status-menu-${id}`}
      />
    </span>
  );
}

type LeadStatusMenuProps = {
  table: string;
  id: number;
  field: FieldRendererProps['field'];
  row: RecordRow;
  raw: string;
  /** Opened by the click that mounted it. */
  initiallyOpen?: boolean;
};

function LeadStatusMenu({
  table,
  id,
  field,
  row,
  raw,
  initiallyOpen = false,
}: LeadStatusMenuProps): ReactNode {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const notifier = useNotifier();
  const permissions = usePermissions();
  const options = useOptions(field.options);
  const [open, setOpen] = useState(initiallyOpen);
  const [saved, setSaved] = useState<SavedStatus | null>(null);
  const statusSave = useCrmMutation('inlineSave');
  const quickCall = useQuickCall();
  const { calling } = quickCall;

  // The list's own data wins once it shows something other than what the save replaced.
  const shown = saved && saved.from === raw ? saved.to : raw;
  const option = options.data?.byValue.get(shown);
  const canChange = permissions.data?.tables.find((entry) => entry.table === table)?.update === 1;
  const choices = toStatusChoices(options.data?.items ?? [], shown);
  // On a lead list the row is the lead; elsewhere (notes, tasks) the row points at one.
  const leadId = recordId(row, 'lead_id') ?? id;

  const changeStatus = (optionValue: OptionItem['value']): void => {
    const next = String(optionValue);
    if (next === shown) return;
    statusSave.mutate(
      {
        body: { table, keyName: 'id', keyValue: String(id), fieldName: field.name, fieldValue: optionValue },
      },
      {
        onSuccess: (answer) => {
          if (!answer.success) {
            notifier.danger(messages.operationFailed, answer.message);
            return;
          }
          setSaved({ from: raw, to: next });
          queryClient.setQueriesData<TableAnswer>({ queryKey: crmKeys.tableData(table) }, (old) =>
            patchTableRows(old, id, field.name, optionValue),
          );
          notifier.success(messages.savedSuccessfully);
        },
        onError: (error) => notifier.danger(messages.operationFailed, error.message),
      },
    );
  };

  /** The row on screen may not carry the phone columns: then the record itself is asked for them. */
  const findPhone = async (): Promise<string | null> => {
    if (rowHasPhoneColumns(row)) return callablePhone(row);
    const answer = await callCrm(bridge, 'row', { params: { table, id } });
    return callablePhone(answer.results);
  };

  const call = (line: CallLine | null): void => {
    setOpen(false);
    void quickCall.call(leadId, line, findPhone);
  };

  const menu = (
    <Menu size="small" className="lead-status-menu" data-testid={`status-menu-panel-${id}`}>
      <MenuDivider title={uiTexts.changeStatus} />
      {choices.map((choice) => (
        <MenuItem
          key={choice.value}
          roleStructure="listoption"
          selected={choice.current}
          disabled={!canChange || statusSave.isPending}
          text={choice.label}
          icon={
            <span className="option-swatch" style={{ background: choice.background }} aria-hidden="true" />
          }
          onClick={() => changeStatus(options.data?.byValue.get(choice.value)?.value ?? choice.value)}
          data-testid={`status-option-${choice.value}`}
        />
      ))}
      <CallLineItems calling={calling} onCall={call} />
    </Menu>
  );

  return (
    <PopoverNext
      content={menu}
      isOpen={open}
      onInteraction={setOpen}
      placement="bottom-start"
      arrow={false}
      animation="minimal"
      className="lead-status-popover"
    >
      {statusFace({ id, shown, option, busy: statusSave.isPending || calling })}
    </PopoverNext>
  );
}
