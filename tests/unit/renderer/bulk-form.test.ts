import { describe, expect, it } from 'vitest';
import type { FieldMeta, MenuTable } from '../../../src/shared/contract';
import { bulkSaveBody } from '../../../src/shared/contract/bulk';
import { messages } from '../../../src/shared/i18n/messages';
import {
  bulkActionsFor,
  bulkEditableFields,
  EMPTY_BULK_FORM,
  validateBulkForm,
} from '../../../src/renderer/src/features/list/rows/bulk-form';

describe('validateBulkForm', () => {
  it('needs a chosen field (see docs/requirements.md#filters-and-list-input)', () => {
    expect(validateBulkForm(EMPTY_BULK_FORM)).toEqual({
      ok: false,
      field: 'fieldName',
      message: messages.bulkFieldRequired,
    });
  });

  it('builds a type 1 body for one field; an empty value clears it', () => {
    expect(validateBulkForm({ ...EMPTY_BULK_FORM, fieldName: 'agent_id', fieldValue: '7' })).toEqual({
      ok: true,
      body: { type: 1, fieldName: 'agent_id', fieldValue: '7' },
    });
    const cleared = validateBulkForm({ ...EMPTY_BULK_FORM, fieldName: 'city' });
    expect(cleared.ok && cleared.body.fieldValue).toBe('');
  });

  it('ignores the second field unless double update is on', () => {
    const check = validateBulkForm({
      ...EMPTY_BULK_FORM,
      fieldName: 'city',
      fieldValue: 'İzmir',
      fieldName2: 'city',
    });
    expect(check).toEqual({ ok: true, body: { type: 1, fieldName: 'city', fieldValue: 'İzmir' } });
  });

  it('with double update, needs a second field', () => {
    const check = validateBulkForm({ ...EMPTY_BULK_FORM, fieldName: 'city', doubleUpdate: true });
    expect(check).toEqual({ ok: false, field: 'fieldName2', message: messages.bulkFieldRequired });
  });

  it('refuses the same field twice with the spec text', () => {
    const check = validateBulkForm({
      ...EMPTY_BULK_FORM,
      fieldName: 'status_id',
      fieldValue: '2',
      doubleUpdate: true,
      fieldName2: 'status_id',
      fieldValue2: '3',
    });
    expect(check).toEqual({
      ok: false,
      field: 'fieldName2',
      message: 'Güncellenecek alanların ikiside aynı olmamalı',
    });
  });

  it('sends both fields, multi-select values as lists, and the server contract accepts the body', () => {
    const check = validateBulkForm({
      ...EMPTY_BULK_FORM,
      fieldName: 'status_id',
      fieldValue: '2',
      doubleUpdate: true,
      fieldName2: 'tags',
      fieldValue2: ['a', 'b'],
    });
    expect(check).toEqual({
      ok: true,
      body: {
        type: 1,
        fieldName: 'status_id',
        fieldValue: '2',
        doubleUpdate: 1,
        fieldName2: 'tags',
        fieldValue2: ['a', 'b'],
      },
    });
    if (!check.ok) return;
    expect(bulkSaveBody.safeParse({ ...check.body, ids: [1, 2], table: 'leads' }).success).toBe(true);
  });
});

const field = (name: string, component: FieldMeta['component']['name']): FieldMeta => ({
  id: 1,
  name,
  display_name: name,
  component: { name: component },
  category: 'x',
  options: null,
  show_insert: 0,
});

describe('bulkEditableFields', () => {
  it('offers writable fields in the table order, never the id, passwords or display-only types', () => {
    const fields = [
      field('id', 'id'),
      field('name', 'name'),
      field('status_id', 'leadStatus'),
      field('secret', 'password'),
      field('perm', 'permissionModal'),
      field('agent_id', 'selectbox'),
    ];
    const writable = ['agent_id', 'id', 'name', 'secret', 'perm', 'status_id'];
    expect(bulkEditableFields(fields, writable).map((item) => item.name)).toEqual([
      'name',
      'status_id',
      'agent_id',
    ]);
    expect(bulkEditableFields(fields, ['name']).map((item) => item.name)).toEqual(['name']);
  });
});

const menu = (table: string, flags: Partial<Pick<MenuTable, 'update' | 'delete'>>): MenuTable => ({
  id: 1,
  table,
  name: table,
  icon: null,
  location: 1,
  url: null,
  show: 1,
  delete: flags.delete ?? 0,
  update: flags.update ?? 0,
  excel_import: 0,
  excel_export: 0,
});

describe('bulkActionsFor', () => {
  it('maps update to Düzenle and delete to Sil (see docs/requirements.md#departments-and-permissions)', () => {
    expect(bulkActionsFor([menu('leads', { update: 1 })], 'leads')).toEqual({
      edit: true,
      delete: false,
      deleteNotes: false,
    });
    expect(bulkActionsFor([menu('leads', { update: 1, delete: 1 })], 'leads').delete).toBe(true);
  });

  it('offers Notları Sil in lead lists only, with the delete flag on lead_notes', () => {
    const tables = [menu('leads', {}), menu('users', { delete: 1 }), menu('lead_notes', { delete: 1 })];
    expect(bulkActionsFor(tables, 'leads').deleteNotes).toBe(true);
    expect(bulkActionsFor(tables, 'users').deleteNotes).toBe(false);
    expect(bulkActionsFor([menu('leads', {}), menu('lead_notes', {})], 'leads').deleteNotes).toBe(false);
  });

  it('offers nothing for a table the user does not have', () => {
    expect(bulkActionsFor([], 'leads')).toEqual({ edit: false, delete: false, deleteNotes: false });
  });
});
