import type { CellValue } from '../../../../shared/contract';
import type { ComponentType } from '../../../../shared/domain';
import type { FieldEditorValue } from './types';

/** What kind of input a component type gets (see docs/requirements.md#records-notes-and-settings). */
export type EditorKind =
  | 'text'
  | 'textarea'
  | 'password'
  | 'email'
  | 'integer'
  | 'decimal'
  | 'datetime'
  | 'date'
  | 'choice'
  | 'json'
  | 'icon'
  | 'color'
  | 'clickShow'
  | 'display';

const EDITOR_KINDS: Readonly<Record<ComponentType, EditorKind>> = {
  string: 'text',
  name: 'text',
  email: 'email',
  textField: 'textarea',
  password: 'password',
  integer: 'integer',
  id: 'integer',
  lead_id: 'integer',
  double: 'decimal',
  date: 'datetime',
  birthday: 'date',
  selectbox: 'choice',
  leadStatus: 'choice',
  status: 'choice',
  json: 'json',
  icon: 'icon',
  color: 'color',
  // A long text: edited in a text area, shown in lists as a preview that opens a modal.
  modal: 'textarea',
  // Shown masked until clicked, edited as text once shown.
  clickShow: 'clickShow',
  // A lead's id, edited as a number, shown in lists as the lead's card in a modal.
  leadDetailModal: 'integer',
  // Permission details are edited in the permission editor, never in a record form.
  permissionModal: 'display',
};

/**
 * permissionModal is read-only in forms, but a filter on it, as on long texts, JSON and masked values, is
 * just text: people still search by what those cells hold.
 */
export function editorKindFor(component: ComponentType, mode: 'filter' | 'form'): EditorKind {
  const kind = EDITOR_KINDS[component];
  if (mode === 'filter') {
    const asText: readonly EditorKind[] = ['display', 'textarea', 'json', 'password', 'clickShow'];
    if (asText.includes(kind)) return 'text';
  }
  return kind;
}

/** A record cell as editor text; dates keep the API's 'YYYY-MM-DD HH:mm:ss'. */
export function cellToEditorValue(value: CellValue | undefined): FieldEditorValue {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

/** Editor value as one string, for single inputs that were handed a list (or the other way round). */
export function singleValue(value: FieldEditorValue): string {
  if (value === null) return '';
  return Array.isArray(value) ? (value[0] ?? '') : value;
}

export function listValue(value: FieldEditorValue): string[] {
  if (value === null || value === '') return [];
  if (Array.isArray(value)) return value;
  // Multiple-choice cells arrive as "1,4,7".
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** Empty input is null, so "no value" looks the same from every editor. */
export function emptyToNull(text: string): string | null {
  return text === '' ? null : text;
}

/** Keeps what a person may type into an integer box: an optional minus and digits. */
export function sanitizeInteger(text: string): string {
  const negative = text.trimStart().startsWith('-');
  const digits = text.replace(/\D/g, '');
  return negative ? `-${digits}` : digits;
}

export type JsonCheck = { valid: true } | { valid: false; reason: string };

/** Empty counts as valid (no value); anything else must parse. */
export function checkJson(text: string): JsonCheck {
  if (text.trim() === '') return { valid: true };
  try {
    JSON.parse(text);
    return { valid: true };
  } catch (error) {
    return { valid: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

const CSS_HEX = /^#[0-9a-f]{6}$/i;
const CSS_SHORT_HEX = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i;

/** <input type="color"> only takes #rrggbb; anything else (names, rgb()) shows as black there but stays in the text box. */
export function toColorInput(value: string): string {
  if (CSS_HEX.test(value)) return value.toLowerCase();
  const short = CSS_SHORT_HEX.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return '#000000';
}
