import { Button, Callout, Checkbox, FormGroup, TextArea } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import {
  PERMISSION_FIELD_KINDS,
  type PermissionFieldKind,
  type PermissionTable,
} from '../../../../shared/contract';
import { PERMISSION_ACTIONS, type PermissionAction } from '../../../../shared/domain/constants';
import { useCrmMutation } from '../../api/use-crm-call';
import { permissionTexts } from '../../i18n/admin-texts';
import type { TableForm } from './permission-form';

const KIND_TITLES: Readonly<Record<PermissionFieldKind, string>> = {
  list: permissionTexts.kindList,
  read: permissionTexts.kindRead,
  write: permissionTexts.kindWrite,
};

export interface TableRowHandlers {
  onFlag: (tableId: number, action: PermissionAction, on: boolean) => void;
  onField: (tableId: number, kind: PermissionFieldKind, field: string, on: boolean) => void;
  onAllFields: (tableId: number, kind: PermissionFieldKind, names: readonly string[]) => void;
  onExtraSql: (tableId: number, text: string) => void;
}

type FieldListProps = {
  table: TableForm;
  meta: PermissionTable;
  kind: PermissionFieldKind;
  handlers: TableRowHandlers;
};

function FieldList({ table, meta, kind, handlers }: FieldListProps): ReactNode {
  const chosen = new Set(table.fields[kind]);
  const names = meta.fields.map((field) => field.name);
  return (
    <div className="permission-field-list" data-testid={`permission-${kind}-fields-${table.table}`}>
      <div className="permission-field-list-head">
        <strong>{KIND_TITLES[kind]}</strong>
        <span>
          <Button
            size="small"
            variant="minimal"
            text={permissionTexts.all}
            onClick={() => handlers.onAllFields(table.id, kind, names)}
          />
          <Button
            size="small"
            variant="minimal"
            text={permissionTexts.none}
            onClick={() => handlers.onAllFields(table.id, kind, [])}
          />
        </span>
      </div>
      {meta.fields.map((field) => (
        <Checkbox
          key={field.name}
          checked={chosen.has(field.name)}
          onChange={(event) => handlers.onField(table.id, kind, field.name, event.currentTarget.checked)}
          data-testid={`permission-field-${kind}-${table.table}-${field.name}`}
        >
          {field.display_name} <span className="permission-field-code">{field.name}</span>
        </Checkbox>
      ))}
    </div>
  );
}

type PreviewProps = { groupId: number; table: TableForm };

/** How many rows the group would see with the restriction as typed (POST /permission/preview/). */
function RestrictionPreview({ groupId, table }: PreviewProps): ReactNode {
  const preview = useCrmMutation('permissionPreview');
  const [shownFor, setShownFor] = useState<string | null>(null);
  const current = shownFor === table.extra_sql;
  return (
    <div className="permission-preview">
      <Button
        icon="eye-open"
        text={permissionTexts.preview}
        loading={preview.isPending}
        onClick={() => {
          setShownFor(table.extra_sql);
          preview.mutate({
            body: { user_group_id: groupId, table_id: table.id, extra_sql: table.extra_sql },
          });
        }}
        data-testid={`permission-preview-${table.table}`}
      />
      {current && preview.isSuccess ? (
        <span className="permission-preview-result" data-testid={`permission-preview-result-${table.table}`}>
          {preview.data.msg}
        </span>
      ) : null}
      {current && preview.isError ? (
        <Callout
          intent="danger"
          icon="error"
          compact
          className="permission-preview-error"
          data-testid={`permission-preview-error-${table.table}`}
        >
          {preview.error.message}
        </Callout>
      ) : null}
    </div>
  );
}

export type PermissionTableRowProps = {
  groupId: number;
  table: TableForm;
  meta: PermissionTable | undefined;
  expanded: boolean;
  onToggle: () => void;
  handlers: TableRowHandlers;
};

/** One table of the table of tables: its five flags, and opened, its field lists and row restriction. */
export function PermissionTableRow({
  groupId,
  table,
  meta,
  expanded,
  onToggle,
  handlers,
}: PermissionTableRowProps): ReactNode {
  return (
    <>
      <tr data-testid={`permission-row-${table.table}`}>
        <td>
          <strong>{table.name}</strong> <span className="permission-field-code">{table.table}</span>
        </td>
        {PERMISSION_ACTIONS.map((action) => (
          <td key={action} className="permission-flag">
            <Checkbox
              checked={table.flags[action] === 1}
              aria-label={`${table.name}: ${permissionTexts.actions[action]}`}
              onChange={(event) => handlers.onFlag(table.id, action, event.currentTarget.checked)}
              data-testid={`permission-flag-${table.table}-${action}`}
            />
          </td>
        ))}
        <td>
          <Button
            size="small"
            icon={expanded ? 'chevron-up' : 'chevron-down'}
            text={expanded ? permissionTexts.closeRow : permissionTexts.open}
            onClick={onToggle}
            data-testid={`permission-expand-${table.table}`}
          />
          {table.extra_sql.trim() !== '' ? (
            <span className="permission-has-sql" title={table.extra_sql}>
              SQL
            </span>
          ) : null}
        </td>
      </tr>
      {expanded ? (
        <tr className="permission-detail-row">
          <td colSpan={PERMISSION_ACTIONS.length + 2}>
            {meta && meta.fields.length > 0 ? (
              <div className="permission-field-lists">
                {PERMISSION_FIELD_KINDS.map((kind) => (
                  <FieldList key={kind} table={table} meta={meta} kind={kind} handlers={handlers} />
                ))}
              </div>
            ) : (
              <p className="permission-muted">{permissionTexts.noFields}</p>
            )}
            <FormGroup
              label={permissionTexts.extraSql}
              labelFor={`permission-sql-${table.table}`}
              helperText={permissionTexts.extraSqlHelp}
            >
              <TextArea
                id={`permission-sql-${table.table}`}
                fill
                rows={2}
                value={table.extra_sql}
                onChange={(event) => handlers.onExtraSql(table.id, event.currentTarget.value)}
                data-testid={`permission-sql-${table.table}`}
              />
            </FormGroup>
            <RestrictionPreview groupId={groupId} table={table} />
          </td>
        </tr>
      ) : null}
    </>
  );
}
