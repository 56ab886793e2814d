import { describe, expect, it } from 'vitest';
import type { FieldMeta } from '../../../src/shared/contract';
import {
  addSection,
  draftFrom,
  moveField,
  removeSection,
  savedSections,
  shiftSection,
  unplacedFields,
} from '../../../src/renderer/src/features/record-edit/detail-layout-draft';
import { layoutGroups } from '../../../src/renderer/src/components/record-form/record-form';

const field = (name: string, category: string, id: number): FieldMeta => ({
  id,
  name,
  display_name: name.toUpperCase(),
  component: { name: 'string' },
  category,
  options: null,
  show_insert: 0,
});
const FIELDS = [
  field('id', 'Sistem', 1),
  field('name', 'Kişisel', 2),
  field('phone', 'Kişisel', 3),
  field('city', 'Kişisel', 4),
  field('status_id', 'Satış', 5),
];
const names = (groups: ReturnType<typeof layoutGroups>) =>
  groups.map((group) => [group.category, group.fields.map((item) => item.name)]);

describe('the detail page under a layout', () => {
  it('shows the sections first, then every field no section names by category', () => {
    const groups = layoutGroups(FIELDS, [
      { title: 'İletişim', fields: ['phone', 'name', 'gone', 'phone'] },
      { title: 'Boş', fields: ['gone'] },
    ]);
    expect(names(groups)).toEqual([
      ['İletişim', ['phone', 'name']],
      ['Kişisel', ['city']],
      ['Satış', ['status_id']],
      ['Sistem', ['id']],
    ]);
  });

  it('is the categories without a layout', () => {
    expect(names(layoutGroups(FIELDS, null))).toEqual(names(layoutGroups(FIELDS, [])));
  });
});

describe("the builder's draft", () => {
  it('starts from the categories, or from the saved layout without unknown or repeated fields', () => {
    expect(draftFrom(FIELDS, null).map((section) => [section.title, section.fields])).toEqual([
      ['Kişisel', ['name', 'phone', 'city']],
      ['Satış', ['status_id']],
      ['Sistem', ['id']],
    ]);
    const saved = draftFrom(FIELDS, [{ title: 'A', fields: ['city', 'nope', 'city', 'id'] }]);
    expect(saved.map((section) => section.fields)).toEqual([['city', 'id']]);
    expect(unplacedFields(FIELDS, saved).map((item) => item.name)).toEqual(['name', 'phone', 'status_id']);
  });

  it('moves a field between sections, before another or to the end, or out of every section', () => {
    let draft = draftFrom(FIELDS, null);
    const [personal, sales] = draft;
    draft = moveField(draft, 'city', sales?.key ?? '', 'status_id');
    expect(draft[1]?.fields).toEqual(['city', 'status_id']);
    expect(draft[0]?.fields).toEqual(['name', 'phone']);
    draft = moveField(draft, 'name', personal?.key ?? '', null);
    expect(draft[0]?.fields).toEqual(['phone', 'name']);
    draft = moveField(draft, 'phone', null);
    expect(unplacedFields(FIELDS, draft).map((item) => item.name)).toEqual(['phone']);
    expect(moveField(draft, 'name', personal?.key ?? '', 'name')).toEqual(draft);
  });

  it('adds, orders and removes sections; saves only those with fields, naming the untitled', () => {
    let draft = addSection(draftFrom(FIELDS, null), '');
    const added = draft[3]?.key ?? '';
    draft = moveField(draft, 'id', added);
    draft = shiftSection(draft, added, -1);
    expect(draft.map((section) => section.title)).toEqual(['Kişisel', 'Satış', '', 'Sistem']);
    expect(savedSections(draft, (n) => `Bölüm ${n}`)).toEqual([
      { title: 'Kişisel', fields: ['name', 'phone', 'city'] },
      { title: 'Satış', fields: ['status_id'] },
      { title: 'Bölüm 3', fields: ['id'] },
    ]);
    draft = removeSection(draft, added);
    expect(unplacedFields(FIELDS, draft).map((item) => item.name)).toEqual(['id']);
  });
});
