import { describe, expect, it } from 'vitest';
import { COMPONENT_TYPES } from '../../../src/shared/domain';
import type { FieldMeta } from '../../../src/shared/contract';
import {
  cellToEditorValue,
  checkJson,
  editorKindFor,
  listValue,
  sanitizeInteger,
  toColorInput,
} from '../../../src/renderer/src/components/field-editors/editor-values';
import {
  changedInputs,
  editFormValues,
  groupByCategory,
  inlineInsertFields,
  insertFailureText,
  insertFormFields,
  insertInputs,
} from '../../../src/renderer/src/components/record-form/record-form';
import {
  detailEntries,
  parseJsonCell,
  shortJson,
} from '../../../src/renderer/src/components/field-renderers/value-details';

describe('editor kinds', () => {
  it('has an editor for every component type of docs/requirements.md#records-notes-and-settings', () => {
    for (const component of COMPONENT_TYPES) {
      expect(editorKindFor(component, 'form')).toBeTruthy();
      expect(editorKindFor(component, 'filter')).toBeTruthy();
    }
  });

  it('keeps display-only types read-only in forms but searchable as text in filters', () => {
    expect(editorKindFor('permissionModal', 'form')).toBe('display');
    expect(editorKindFor('permissionModal', 'filter')).toBe('text');
    // A long text, a masked value and a lead's id are edited; only their list cells open modals.
    expect(editorKindFor('modal', 'form')).toBe('textarea');
    expect(editorKindFor('clickShow', 'form')).toBe('clickShow');
    expect(editorKindFor('clickShow', 'filter')).toBe('text');
    expect(editorKindFor('leadDetailModal', 'form')).toBe('integer');
    expect(editorKindFor('icon', 'form')).toBe('icon');
    expect(editorKindFor('json', 'form')).toBe('json');
    expect(editorKindFor('leadStatus', 'filter')).toBe('choice');
    expect(editorKindFor('double', 'form')).toBe('decimal');
    expect(editorKindFor('birthday', 'form')).toBe('date');
  });
});

describe('editor values', () => {
  it('turns cells into editor text', () => {
    expect(cellToEditorValue(null)).toBeNull();
    expect(cellToEditorValue('')).toBeNull();
    expect(cellToEditorValue(12)).toBe('12');
    expect(cellToEditorValue(true)).toBe('1');
  });

  it('splits multiple-choice cells', () => {
    expect(listValue('1, 4,7')).toEqual(['1', '4', '7']);
    expect(listValue(null)).toEqual([]);
    expect(listValue(['a'])).toEqual(['a']);
  });

  it('keeps numbers as typed text, never floats', () => {
    expect(sanitizeInteger('-12a3')).toBe('-123');
  });

  it('validates JSON, empty counting as no value', () => {
    expect(checkJson('')).toEqual({ valid: true });
    expect(checkJson('{"a":1}')).toEqual({ valid: true });
    expect(checkJson('{a:1}').valid).toBe(false);
  });

  it('gives the colour picker a #rrggbb it can show', () => {
    expect(toColorInput('#ABC')).toBe('#aabbcc');
    expect(toColorInput('#2D72D2')).toBe('#2d72d2');
    expect(toColorInput('red')).toBe('#000000');
  });
});

const meta = (name: string, extra: Partial<FieldMeta> = {}): FieldMeta => ({
  id: 1,
  name,
  display_name: name,
  component: { name: 'string' },
  category: 'Genel',
  options: null,
  show_insert: 1,
  ...extra,
});

describe('record forms', () => {
  it('shows only show_insert 1 fields in the insert form, never the id or a permission cell', () => {
    const fields = [
      meta('id', { component: { name: 'id' } }),
      meta('name'),
      meta('hidden', { show_insert: 0 }),
      meta('perm', { component: { name: 'permissionModal' } }),
      meta('body', { component: { name: 'modal' } }),
      meta('tc', { component: { name: 'clickShow' } }),
      meta('lead_id', { component: { name: 'leadDetailModal' } }),
      meta('password_hash', { component: { name: 'password' } }),
    ];
    expect(insertFormFields(fields).map((field) => field.name)).toEqual([
      'name',
      'body',
      'tc',
      'lead_id',
      'password_hash',
    ]);
  });

  it('puts the name first in the inline insert row', () => {
    const fields = [
      meta('phone'),
      meta('note', { component: { name: 'textField' } }),
      meta('body', { component: { name: 'modal' } }),
      meta('name'),
      meta('city'),
      meta('x'),
    ];
    expect(inlineInsertFields(fields).map((field) => field.name)).toEqual(['name', 'phone', 'city']);
  });

  it('inserts only filled values', () => {
    expect(insertInputs({ name: 'Ayşe', city: null, tags: [], note: '  ', ids: ['1'] })).toEqual({
      name: 'Ayşe',
      ids: ['1'],
    });
  });

  it('saves only what changed; a cleared field goes as empty, an untouched password not at all', () => {
    const editable = [meta('name'), meta('city'), meta('secret', { component: { name: 'password' } })];
    const initial = editFormValues({ name: 'Ali', city: 'İzmir', secret: 'hash' }, editable);
    expect(initial).toEqual({ name: 'Ali', city: 'İzmir', secret: null });
    expect(changedInputs(initial, { ...initial, city: null })).toEqual({ city: '' });
    expect(changedInputs(initial, initial)).toEqual({});
    expect(changedInputs(initial, { ...initial, secret: 'Yeni.2026' })).toEqual({ secret: 'Yeni.2026' });
  });

  it('words an insert failure as docs/requirements.md#messages-the-user-reads', () => {
    expect(insertFailureText('Geçersiz alan: E-posta')).toBe(
      'İşlem başarısız, yaptığınız işlemi tekrar kontrol ediniz (Geçersiz alan: E-posta)',
    );
    expect(insertFailureText('')).toBe('İşlem başarısız, yaptığınız işlemi tekrar kontrol ediniz');
  });

  it('groups fields by category with the system group last', () => {
    const groups = groupByCategory([
      meta('id', { category: 'Sistem' }),
      meta('created_at', { category: 'Sistem' }),
      meta('name', { category: 'Kişisel' }),
      meta('status_id', { category: 'Satış' }),
    ]);
    expect(groups.map((group) => group.category)).toEqual(['Kişisel', 'Satış', 'Sistem']);
  });
});

describe('detail cells', () => {
  it('treats only objects and arrays as JSON', () => {
    expect(parseJsonCell('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonCell('12')).toEqual({ ok: false });
    expect(parseJsonCell('{broken')).toEqual({ ok: false });
  });

  it('shortens JSON to one line', () => {
    expect(shortJson({ a: 'x'.repeat(100) }, 20)).toHaveLength(20);
    expect(shortJson([1, 2])).toBe('[1,2]');
  });

  it('lists permission details by key, by item, or as a comma list', () => {
    expect(detailEntries('{"show":1,"fields":["name","phone"]}')).toEqual([
      { key: 'show', value: '1' },
      { key: 'fields', value: 'name, phone' },
    ]);
    expect(detailEntries('["a","b"]')).toEqual([
      { key: '1', value: 'a' },
      { key: '2', value: 'b' },
    ]);
    expect(detailEntries('notlar, gecmis')).toEqual([
      { key: '1', value: 'notlar' },
      { key: '2', value: 'gecmis' },
    ]);
    expect(detailEntries(null)).toEqual([]);
  });
});
