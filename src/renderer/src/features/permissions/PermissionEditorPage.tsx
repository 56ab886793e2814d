import {
  Button,
  Callout,
  Card,
  Checkbox,
  Classes,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { recordId, type CallResult, type PermissionTable } from '../../../../shared/contract';
import { OPTION_LIST_IDS, PERMISSION_ACTIONS } from '../../../../shared/domain/constants';
import { format, messages } from '../../../../shared/i18n/messages';
import { useOptions } from '../../api/options';
import { useCrmMutation, useCrmQuery } from '../../api/use-crm-call';
import { useNotifier } from '../../ui/toaster';
import { permissionTexts } from '../../i18n/admin-texts';
import { usePageTitle } from '../../shell/top-bar/top-bar-slot';
import { AdminLayout, useMayAdminister } from '../admin';
import { PageNotFound } from '../not-found';
import {
  copyInto,
  formFromAnswer,
  isChanged,
  saveBody,
  withAllFields,
  withExtraSql,
  withField,
  withFlag,
  withModule,
  type PermissionForm,
} from './permission-form';
import { PermissionTableRow, type TableRowHandlers } from './PermissionTableRow';
import './permissions.css';

type GroupAnswer = CallResult<'groupPermissions'>;

/** /user/permissions without a group: the groups to choose from (option list 26). */
function GroupPicker(): ReactNode {
  const groups = useOptions(OPTION_LIST_IDS.userGroups);
  return (
    <div className="page" data-testid="permission-group-picker">
      <header className="page-header">
        <h1 className="page-title">{permissionTexts.title}</h1>
      </header>
      <p>{permissionTexts.pickGroup}</p>
      {groups.isPending ? <Spinner size={20} /> : null}
      <div className="tile-grid">
        {(groups.data?.items ?? []).map((group) => (
          <Link
            key={group.value}
            to={`/user/permissions/${group.value}`}
            className={`dashboard-tile ${Classes.CARD} ${Classes.INTERACTIVE} ${Classes.ELEVATION_0}`}
            data-testid={`permission-group-${group.value}`}
          >
            <span className="dashboard-tile-name">{group.label}</span>
          </Link>
        ))}
      </div>
    </div>
  );
}

type EditorState = { source: GroupAnswer; loaded: PermissionForm; form: PermissionForm };

function ModulesCard({ form, onChange }: { form: PermissionForm; onChange: (next: PermissionForm) => void }) {
  const modules = useOptions(OPTION_LIST_IDS.modules);
  const order = (modules.data?.items ?? []).map((item) => String(item.value));
  const chosen = new Set(form.modules);
  return (
    <Card compact className="permission-modules" data-testid="permission-modules">
      <h2 className="admin-section-title">{permissionTexts.modules}</h2>
      <p className="permission-muted">{permissionTexts.modulesHelp}</p>
      <div className="permission-module-list">
        {(modules.data?.items ?? []).map((item) => (
          <Checkbox
            key={item.value}
            inline
            checked={chosen.has(String(item.value))}
            label={item.label}
            onChange={(event) =>
              onChange(withModule(form, String(item.value), event.currentTarget.checked, order))
            }
            data-testid={`permission-module-${item.value}`}
          />
        ))}
      </div>
    </Card>
  );
}

type EditorProps = { groupId: number; tables: readonly PermissionTable[]; answer: GroupAnswer };

function Editor({ groupId, tables, answer }: EditorProps): ReactNode {
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const groups = useOptions(OPTION_LIST_IDS.userGroups);
  const [state, setState] = useState<EditorState>(() => {
    const loaded = formFromAnswer(answer);
    return { source: answer, loaded, form: loaded };
  });
  // A fresh answer (after a save, or another group) replaces the form.
  if (state.source !== answer) {
    const loaded = formFromAnswer(answer);
    setState({ source: answer, loaded, form: loaded });
  }
  const { form } = state;
  const setForm = (next: PermissionForm): void => setState((current) => ({ ...current, form: next }));
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [copyFrom, setCopyFrom] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const metaById = new Map(tables.map((table) => [table.id, table]));

  const save = useCrmMutation('permissionSave', {
    onSuccess: (result) => {
      setProblem(null);
      notifier.success(result.msg);
      void queryClient.invalidateQueries({ queryKey: ['crm', 'call', 'groupPermissions'] });
      void queryClient.invalidateQueries({ queryKey: ['crm', 'call', 'adminJournal'] });
    },
    // docs/requirements.md#messages-the-user-reads: a failed permissions save shows the error text.
    onError: (error) => {
      setProblem(error.message);
      notifier.danger(error.message);
    },
  });
  const copy = useCrmMutation('groupPermissions', {
    onSuccess: (other) => {
      setForm(copyInto(form, formFromAnswer(other)));
      notifier.success(format(permissionTexts.copied, { group: other.group.name }));
    },
    onError: (error) => notifier.danger(error.message),
  });

  const handlers: TableRowHandlers = {
    onFlag: (tableId, action, on) => setForm(withFlag(form, tableId, action, on)),
    onField: (tableId, kind, field, on) =>
      setForm(
        withField(
          form,
          tableId,
          kind,
          field,
          on,
          (metaById.get(tableId)?.fields ?? []).map((f) => f.name),
        ),
      ),
    onAllFields: (tableId, kind, names) => setForm(withAllFields(form, tableId, kind, names)),
    onExtraSql: (tableId, text) => setForm(withExtraSql(form, tableId, text)),
  };
  const changed = isChanged(form, state.loaded);
  const otherGroups = (groups.data?.items ?? []).filter((item) => String(item.value) !== String(groupId));

  return (
    <div className="page permission-editor" data-testid="permission-editor">
      <header className="page-header permission-header">
        <h1 className="page-title">{format(permissionTexts.titleOf, { group: answer.group.name })}</h1>
        <Link to={`/admin/users?user_group_id=${groupId}`} data-testid="permission-users-link">
          {format(permissionTexts.usersOfGroup, { count: answer.users.say })}
        </Link>
      </header>
      <div className="permission-toolbar">
        <FormGroup inline label={permissionTexts.groupLabel} labelFor="permission-group">
          <HTMLSelect
            id="permission-group"
            value={String(groupId)}
            onChange={(event) => void navigate(`/user/permissions/${event.currentTarget.value}`)}
            options={(groups.data?.items ?? []).map((item) => ({
              value: String(item.value),
              label: item.label,
            }))}
            data-testid="permission-group"
          />
        </FormGroup>
        <FormGroup inline label={permissionTexts.copyFrom} labelFor="permission-copy">
          <HTMLSelect
            id="permission-copy"
            value={copyFrom}
            onChange={(event) => setCopyFrom(event.currentTarget.value)}
            options={[
              { value: '', label: '—' },
              ...otherGroups.map((item) => ({ value: String(item.value), label: item.label })),
            ]}
            data-testid="permission-copy-from"
          />
          <Button
            icon="duplicate"
            text={permissionTexts.copy}
            disabled={copyFrom === ''}
            loading={copy.isPending}
            onClick={() => copy.mutate({ params: { userGroupId: copyFrom } })}
            data-testid="permission-copy"
          />
        </FormGroup>
        <span className="permission-toolbar-end">
          {changed ? <span className="permission-unsaved">{permissionTexts.unsaved}</span> : null}
          <Button
            intent="primary"
            icon="floppy-disk"
            text={permissionTexts.save}
            loading={save.isPending}
            onClick={() => save.mutate({ body: saveBody(groupId, form) })}
            data-testid="permission-save"
          />
        </span>
      </div>
      {problem ? (
        <Callout intent="danger" icon="error" className="admin-callout" data-testid="permission-problem">
          {problem}
        </Callout>
      ) : null}
      <ModulesCard form={form} onChange={setForm} />
      <HTMLTable compact striped className="permission-table" data-testid="permission-table">
        <thead>
          <tr>
            <th>{permissionTexts.table}</th>
            {PERMISSION_ACTIONS.map((action) => (
              <th key={action}>{permissionTexts.actions[action]}</th>
            ))}
            <th>{permissionTexts.fieldsAndRows}</th>
          </tr>
        </thead>
        <tbody>
          {form.tables.map((table) => (
            <PermissionTableRow
              key={table.id}
              groupId={groupId}
              table={table}
              meta={metaById.get(table.id)}
              expanded={expanded.has(table.id)}
              onToggle={() =>
                setExpanded((current) => {
                  const next = new Set(current);
                  if (next.has(table.id)) next.delete(table.id);
                  else next.add(table.id);
                  return next;
                })
              }
              handlers={handlers}
            />
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }): ReactNode {
  return (
    <div className="page">
      <Callout intent="danger" icon="error" title={permissionTexts.loadFailed} className="admin-callout">
        <span>{message}</span> <Button size="small" icon="refresh" text={messages.retry} onClick={onRetry} />
      </Callout>
    </div>
  );
}

const NO_PARAMS = { params: {} };

function GroupEditor({ groupId }: { groupId: number }): ReactNode {
  const allowed = useMayAdminister();
  const tables = useCrmQuery('permissionsAdmin', NO_PARAMS, { enabled: allowed });
  const group = useCrmQuery('groupPermissions', { params: { userGroupId: groupId } }, { enabled: allowed });
  if (tables.isError)
    return <LoadFailed message={tables.error.message} onRetry={() => void tables.refetch()} />;
  if (group.isError) {
    if (group.error.kind === 'not_found') return <PageNotFound />;
    return <LoadFailed message={group.error.message} onRetry={() => void group.refetch()} />;
  }
  if (!tables.data || !group.data) return <Spinner size={24} />;
  if (tables.data.tables.length === 0) {
    return (
      <div className="page page-centered" data-testid="permission-only-root">
        <NonIdealState
          icon="lock"
          title={permissionTexts.onlyRootTitle}
          description={permissionTexts.onlyRoot}
        />
      </div>
    );
  }
  return <Editor key={groupId} groupId={groupId} tables={tables.data.tables} answer={group.data} />;
}

/** /user/permissions/{id} (see docs/requirements.md#shell-lists-and-chat): the permission editor of one user group; without an id, the groups. */
export function PermissionEditorPage(): ReactNode {
  usePageTitle(permissionTexts.title);
  const { id } = useParams();
  const parsed = id === undefined ? null : recordId.safeParse(id);
  if (parsed && !parsed.success) return <PageNotFound />;
  return (
    <AdminLayout adminOnly>{parsed ? <GroupEditor groupId={parsed.data} /> : <GroupPicker />}</AdminLayout>
  );
}
