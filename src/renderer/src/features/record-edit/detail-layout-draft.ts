import type { DetailSection, FieldMeta } from '../../../../shared/contract';
import { groupByCategory } from '../../components/record-form';

/**
 * The detail-page builder's draft as pure functions (unit-tested under Node): titled sections holding
 * field names, each field in at most one section; fields in none are "not placed" and show after the
 * sections on the page.
 */

export type DraftSection = { key: string; title: string; fields: string[] };

let serial = 0;
function newKey(): string {
  serial += 1;
  return `s${serial}`;
}

/** The saved layout as a draft (unknown and repeated fields dropped), or the fields' categories. */
export function draftFrom(
  fields: readonly FieldMeta[],
  saved: readonly DetailSection[] | null,
): DraftSection[] {
  const known = new Set(fields.map((field) => field.name));
  if (!saved || saved.length === 0) {
    return groupByCategory(fields).map((group) => ({
      key: newKey(),
      title: group.category,
      fields: group.fields.map((field) => field.name),
    }));
  }
  const seen = new Set<string>();
  return saved.map((section) => ({
    key: newKey(),
    title: section.title,
    fields: section.fields.filter((name) => {
      if (!known.has(name) || seen.has(name)) return false;
      seen.add(name);
      return true;
    }),
  }));
}

/** The fields no section holds, in the table's order. */
export function unplacedFields(fields: readonly FieldMeta[], sections: readonly DraftSection[]): FieldMeta[] {
  const placed = new Set(sections.flatMap((section) => section.fields));
  return fields.filter((field) => !placed.has(field.name));
}

/**
 * Moves a field into section `toKey` (null: out of every section), before the field `before` when it is
 * in that section, else at its end. Moving a field onto itself changes nothing.
 */
export function moveField(
  sections: readonly DraftSection[],
  name: string,
  toKey: string | null,
  before: string | null = null,
): DraftSection[] {
  if (before === name) return [...sections];
  return sections.map((section) => {
    const without = section.fields.filter((field) => field !== name);
    if (section.key !== toKey)
      return without.length === section.fields.length ? section : { ...section, fields: without };
    const at = before === null ? -1 : without.indexOf(before);
    const fields = at < 0 ? [...without, name] : [...without.slice(0, at), name, ...without.slice(at)];
    return { ...section, fields };
  });
}

export function addSection(sections: readonly DraftSection[], title: string): DraftSection[] {
  return [...sections, { key: newKey(), title, fields: [] }];
}

export function renameSection(sections: readonly DraftSection[], key: string, title: string): DraftSection[] {
  return sections.map((section) => (section.key === key ? { ...section, title } : section));
}

/** Removes a section; its fields are not placed any more. */
export function removeSection(sections: readonly DraftSection[], key: string): DraftSection[] {
  return sections.filter((section) => section.key !== key);
}

/** Moves a section one place up (-1) or down (+1). */
export function shiftSection(sections: readonly DraftSection[], key: string, by: -1 | 1): DraftSection[] {
  const from = sections.findIndex((section) => section.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= sections.length) return [...sections];
  const next = [...sections];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** What is saved: sections with fields, titles trimmed (an untitled one named by its place). */
export function savedSections(
  sections: readonly DraftSection[],
  untitled: (index: number) => string,
): DetailSection[] {
  return sections
    .filter((section) => section.fields.length > 0)
    .map((section, index) => ({
      title: section.title.trim() === '' ? untitled(index + 1) : section.title.trim().slice(0, 100),
      fields: [...section.fields],
    }));
}
