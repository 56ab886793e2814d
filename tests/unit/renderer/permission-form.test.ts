import { describe, expect, it } from 'vitest';
import type { CallResult } from '../../../src/shared/contract';
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
} from '../../../src/renderer/src/features/permissions/permission-form';

type GroupAnswer = CallResult<'groupPermissions'>;

const table = (id: number, name: string, extra: Partial<GroupAnswer['tables'][number]> = {}) => ({
  id,
  name: name.toUpperCase(),
  table: name,
  show: 1 as const,
  delete: 0 as const,
  update: 1 as const,
  excel_import: 0 as const,
  excel_export: 0 as const,
  extra_sql: '',
  modules: 'notlar',
  list_fields: ['id', 'name', 'utm_source'],
  read_fields: ['id', 'name'],
  write_fields: ['name'],
  ...extra,
});

const answer: GroupAnswer = {
  users: { say: 3 },
  group: { id: 5, name: 'Satış' },
  modules: ['notlar'],
  tables: [
    table(1, 'leads', { extra_sql: 'team_id = {user.team_id}' }),
    table(2, 'teams', { show: 0, update: 0 }),
  ],
};

describe('the permission form', () => {
  it('sends the spec body: root tableId|action, child kind|tableId|field, extra_sql per table, modules', () => {
    expect(saveBody(5, formFromAnswer(answer))).toEqual({
      user_group_id: 5,
      root: ['1|show', '1|update'],
      child: [
        'list|1|id',
        'list|1|name',
        'list|1|utm_source',
        'read|1|id',
        'read|1|name',
        'write|1|name',
        'list|2|id',
        'list|2|name',
        'list|2|utm_source',
        'read|2|id',
        'read|2|name',
        'write|2|name',
      ],
      extra_sql: { '1': 'team_id = {user.team_id}', '2': '' },
      modules: ['notlar'],
    });
  });

  it('edits flags, fields in the table order, all/none, the restriction and modules', () => {
    const loaded = formFromAnswer(answer);
    let form = withField(loaded, 1, 'list', 'utm_source', false, ['id', 'name', 'utm_source']);
    expect(form.tables[0]?.fields.list).toEqual(['id', 'name']);
    form = withField(form, 1, 'read', 'utm_source', true, ['id', 'name', 'utm_source']);
    form = withField(form, 1, 'read', 'id', true, ['id', 'name', 'utm_source']);
    expect(form.tables[0]?.fields.read).toEqual(['id', 'name', 'utm_source']);
    form = withAllFields(form, 2, 'write', []);
    form = withFlag(form, 2, 'excel_export', true);
    form = withExtraSql(form, 2, 'id > 0');
    form = withModule(form, 'gecmis', true, ['gecmis', 'notlar']);
    const body = saveBody(5, form);
    expect(body.root).toEqual(['1|show', '1|update', '2|excel_export']);
    expect(body.child).not.toContain('list|1|utm_source');
    expect(body.child).not.toContain('write|2|name');
    expect(body.extra_sql).toEqual({ '1': 'team_id = {user.team_id}', '2': 'id > 0' });
    expect(body.modules).toEqual(['gecmis', 'notlar']);
    expect(isChanged(form, loaded)).toBe(true);
    expect(isChanged(formFromAnswer(answer), loaded)).toBe(false);
  });

  it('copies another group by table name, keeping tables the other group lacks', () => {
    const other = formFromAnswer({
      ...answer,
      modules: ['gecmis'],
      tables: [table(1, 'leads', { delete: 1, extra_sql: '' })],
    });
    const copied = copyInto(formFromAnswer(answer), other);
    expect(copied.modules).toEqual(['gecmis']);
    expect(copied.tables[0]?.flags.delete).toBe(1);
    expect(copied.tables[0]?.extra_sql).toBe('');
    expect(copied.tables[1]).toEqual(formFromAnswer(answer).tables[1]);
  });
});
