import type { FieldMeta, RecordRow } from '../../../../shared/contract';
import type { ComponentType } from '../../../../shared/domain';
import { format, messages } from '../../../../shared/i18n/messages';
// The modules, not the folder's index: this file stays free of React so Node unit tests can load it.
import { cellToEditorValue } from '../field-editors/editor-values';
import type { FieldEditorValue } from '../field-editors/types';

export type FormValues = Readonly<Record<string, FieldEditorValue>>;
export type FormInputs = Record<string, string | string[]>;

/** Display-only types: forms show them but never send them (permissions have their own editor). */
const DISPLAY_ONLY: ReadonlySet<ComponentType> = new Set<ComponentType>(['permissionModal']);

/** docs/requirements.md#filters-and-list-input: the insert form shows only fields with show_insert 1; the id is the server's to give. */
export function insertFormFields(fields: readonly FieldMeta[]): FieldMeta[] {
  return fields.filter(
    (field) => field.show_insert === 1 && field.name !== 'id' && !DISPLAY_ONLY.has(field.component.name),
  );
}

/** docs/requirements.md#shell-lists-and-chat inline insert: the name first, then the next insert fields, as many as fit one row. */
export function inlineInsertFields(fields: readonly FieldMeta[], max = 3): FieldMeta[] {
  const insertable = insertFormFields(fields);
  const name =
    insertable.find((field) => field.name === 'name') ??
    insertable.find((field) => field.component.name === 'name');
  // Long texts and JSON need room: they stay in the Ekle form.
  const multiline: ReadonlySet<ComponentType> = new Set<ComponentType>(['textField', 'modal', 'json']);
  const rest = insertable.filter((field) => field !== name && !multiline.has(field.component.name));
  return (name ? [name, ...rest] : rest).slice(0, max);
}

/** What an insert sends: the filled fields only, so the server's defaults apply to the rest. */
export function insertInputs(values: FormValues): FormInputs {
  const inputs: FormInputs = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === null) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    inputs[name] = value;
  }
  return inputs;
}

export function isEditable(field: FieldMeta, writeFields: ReadonlySet<string>): boolean {
  return writeFields.has(field.name) && field.name !== 'id' && !DISPLAY_ONLY.has(field.component.name);
}

/** Starting values of the edit form: writable fields from the record; passwords always start empty. */
export function editFormValues(
  row: RecordRow,
  editable: readonly FieldMeta[],
): Record<string, FieldEditorValue> {
  const values: Record<string, FieldEditorValue> = {};
  for (const field of editable) {
    values[field.name] = field.component.name === 'password' ? null : cellToEditorValue(row[field.name]);
  }
  return values;
}

function sameValue(a: FieldEditorValue, b: FieldEditorValue): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    const left = Array.isArray(a) ? a : a === null ? [] : [a];
    const right = Array.isArray(b) ? b : b === null ? [] : [b];
    return left.length === right.length && left.every((item, index) => item === right[index]);
  }
  return (a ?? '') === (b ?? '');
}

/**
 * What detail save sends: only the fields the person changed (a stale copy of a field someone else just
 * changed is not written back). A cleared field goes as '' (NULL); an untouched password is not sent.
 */
export function changedInputs(initial: FormValues, values: FormValues): FormInputs {
  const inputs: FormInputs = {};
  for (const [name, value] of Object.entries(values)) {
    if (sameValue(initial[name] ?? null, value)) continue;
    inputs[name] = value ?? '';
  }
  return inputs;
}

/** docs/requirements.md#messages-the-user-reads: 'İşlem başarısız, yaptığınız işlemi tekrar kontrol ediniz' + ({message}) when there is one. */
export function insertFailureText(message: string | undefined): string {
  const detail = message?.trim();
  return detail ? format(messages.operationFailedWithMessage, { message: detail }) : messages.operationFailed;
}

export type FieldGroup = { category: string; fields: FieldMeta[] };

/** A titled section of a detail-page layout: field names in their order (detail-layouts contract). */
export type LayoutSection = { title: string; fields: readonly string[] };

/**
 * Fields grouped by their category in the registry's order, except that the group holding the id (the
 * system fields: id, timestamps) goes last: a form opens on what people edit, not on record keeping.
 */
export function groupByCategory(fields: readonly FieldMeta[]): FieldGroup[] {
  const groups = new Map<string, FieldMeta[]>();
  for (const field of fields) {
    const list = groups.get(field.category);
    if (list) list.push(field);
    else groups.set(field.category, [field]);
  }
  const all = [...groups].map(([category, list]) => ({ category, fields: list }));
  const system = all.filter((group) => group.fields.some((field) => field.name === 'id'));
  return [...all.filter((group) => !system.includes(group)), ...system];
}

/**
 * The groups of a record's form under a user's layout: its sections in their order with the fields they
 * name (fields the record does not have are skipped, empty sections left out), then every field no
 * section names, by category as without a layout, so a field added to the table later still shows.
 */
export function layoutGroups(
  fields: readonly FieldMeta[],
  sections: readonly LayoutSection[] | null,
): FieldGroup[] {
  if (!sections || sections.length === 0) return groupByCategory(fields);
  const byName = new Map(fields.map((field) => [field.name, field]));
  const placed = new Set<string>();
  const groups: FieldGroup[] = [];
  for (const section of sections) {
    const list = section.fields.flatMap((name) => {
      const field = byName.get(name);
      if (!field || placed.has(name)) return [];
      placed.add(name);
      return [field];
    });
    if (list.length > 0) groups.push({ category: section.title, fields: list });
  }
  const rest = fields.filter((field) => !placed.has(field.name));
  return [...groups, ...groupByCategory(rest)];
}
