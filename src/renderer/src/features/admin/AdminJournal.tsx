import { Button, Callout, HTMLTable, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { AdminJournalEntry } from '../../../../shared/contract';
import { formatDateTimeTr, formatDateTr } from '../../../../shared/domain';
import { messages } from '../../../../shared/i18n/messages';
import { useCrmQuery } from '../../api/use-crm-call';
import { adminTexts } from '../../i18n/admin-texts';
import { uiTexts } from '../../i18n/ui-texts';

/** The journal's action codes in Turkish; an unknown code is shown as it is. */
const ACTION_LABELS: Readonly<Record<string, string>> = {
  'permissions.save': 'Yetkiler kaydedildi',
  'users.create': 'Kullanıcı oluşturuldu',
  'users.activate': 'Kullanıcı aktif edildi',
  'users.deactivate': 'Kullanıcı pasif yapıldı',
  'users.resetPassword': 'Şifre sıfırlandı',
  'users.moveTeam': 'Takım değiştirildi',
  'cache.reset': 'Önbellek temizlendi',
};

const TARGET_LABELS: Readonly<Record<string, string>> = {
  user_groups: 'Kullanıcı grubu',
  users: 'Kullanıcı',
  crm_tables: 'Menü tabloları',
  teams: 'Takım',
  lead_statuses: 'Lead durumu',
  permissions: 'Yetki',
  email_templates: 'E-posta şablonu',
  tasks_templates: 'Görev şablonu',
  option_values: 'Seçenek değeri',
};

/** Generic writes of admin tables are journaled as '{table}.insert' / '{table}.update'. */
const WRITE_LABELS: Readonly<Record<string, string>> = {
  insert: 'Kayıt eklendi',
  update: 'Kayıt güncellendi',
};

function actionLabel(action: string): string {
  const known = ACTION_LABELS[action];
  if (known) return known;
  const [table = '', mode = ''] = action.split('.');
  const write = WRITE_LABELS[mode];
  return write ? `${write} (${table})` : action;
}

const SHOWN = 20;

/**
 * A stored value as a person reads it (docs/user-guide.md#dates-and-numbers): dates as 31.12.2025 14:05,
 * lists and objects spelled out, never "[object Object]" or JSON.
 */
function readableValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? messages.flagYes : messages.flagNo;
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/.test(value)) return formatDateTimeTr(value) || value;
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDateTr(value) || value;
    return value;
  }
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(readableValue).join(', ');
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length === 0 ? '—' : entries.map(([k, v]) => `${k}: ${readableValue(v)}`).join('; ');
  }
  return '—';
}

/** What changed, briefly: the tables of a permission save, else the changed keys and their new values. */
function summary(entry: AdminJournalEntry): string {
  const keys = Object.keys(entry.values);
  if (entry.action === 'permissions.save') return keys.length === 0 ? '—' : keys.join(', ');
  return keys
    .map((key) => {
      const value = entry.values[key];
      const shown =
        typeof value === 'object' && value !== null && 'new' in value
          ? (value as { new: unknown }).new
          : value;
      return `${key}: ${readableValue(shown)}`;
    })
    .join(', ');
}

const NO_PARAMS = { params: {} };

/** The latest admin changes (see docs/admin-guide.md: every admin change is journaled), newest first. */
export function AdminJournal({ enabled }: { enabled: boolean }): ReactNode {
  const journal = useCrmQuery('adminJournal', NO_PARAMS, { enabled });
  if (!enabled) return null;
  let body: ReactNode;
  if (journal.isPending) body = <Spinner size={20} />;
  else if (journal.isError) {
    body = (
      <Callout intent="danger" icon="error" title={adminTexts.journalFailed} className="admin-callout">
        <span>{journal.error.message}</span>{' '}
        <Button size="small" icon="refresh" text={messages.retry} onClick={() => void journal.refetch()} />
      </Callout>
    );
  } else if (journal.data.results.length === 0) {
    body = <p className="admin-section-empty">{adminTexts.journalEmpty}</p>;
  } else {
    body = (
      <HTMLTable compact striped className="admin-journal" data-testid="admin-journal">
        <thead>
          <tr>
            <th>{adminTexts.journalWhen}</th>
            <th>{adminTexts.journalWho}</th>
            <th>{adminTexts.journalWhat}</th>
            <th>{adminTexts.journalTarget}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {journal.data.results.slice(0, SHOWN).map((entry) => (
            <tr key={entry.id}>
              <td>{formatDateTimeTr(entry.created_at)}</td>
              <td>{entry.actor ?? uiTexts.emptyValue}</td>
              <td>{actionLabel(entry.action)}</td>
              <td>
                {TARGET_LABELS[entry.target_table] ?? entry.target_table}
                {entry.target_id === null ? '' : ` #${entry.target_id}`}
              </td>
              <td className="admin-journal-values">{summary(entry)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    );
  }
  return (
    <section>
      <h2 className="admin-section-title">{adminTexts.journalTitle}</h2>
      {body}
    </section>
  );
}
