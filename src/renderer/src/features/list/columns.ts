import type { CallResult } from '../../../../shared/contract';
import { withIdFirst, type ComponentType } from '../../../../shared/domain';
import type { FieldDescriptor } from '../../components/field-renderers';

type TableAnswer = CallResult<'table'>;

/**
 * The list's columns: the user's stored choice, else the spec's defaults, else the answer's list fields;
 * id always first (see docs/requirements.md#filters-and-list-input, #constants-and-limits). Names the answer knows nothing about (a field dropped from the
 * table or from the user's permissions) are skipped rather than shown as empty columns.
 */
export function buildColumns(
  answer: TableAnswer,
  requested: readonly string[] | undefined,
): FieldDescriptor[] {
  const meta = new Map(answer.all_fields.map((field) => [field.name, field]));
  const known = new Set([...answer.fields, ...meta.keys()]);
  const names = withIdFirst((requested ?? answer.fields).filter((name) => name === 'id' || known.has(name)));
  return names.map((name) => {
    const field = meta.get(name);
    const component: ComponentType =
      field?.component.name ?? answer.components[name] ?? (name === 'id' ? 'id' : 'string');
    return {
      name,
      displayName: field?.display_name ?? (name === 'id' ? 'ID' : name),
      component,
      options: field?.options ?? null,
    };
  });
}

/** Starting widths by what a column holds; the table then stretches them to fill the screen. */
const BASE_WIDTH: Partial<Record<ComponentType, number>> = {
  id: 80,
  lead_id: 90,
  integer: 110,
  double: 120,
  name: 220,
  email: 220,
  textField: 260,
  date: 170,
  birthday: 140,
  leadStatus: 170,
  selectbox: 160,
  status: 140,
};
const DEFAULT_WIDTH = 150;

export function columnWidths(
  columns: readonly FieldDescriptor[],
  available: number,
  overrides: Readonly<Record<string, number>>,
): number[] {
  const base = columns.map(
    (column) => overrides[column.name] ?? BASE_WIDTH[column.component] ?? DEFAULT_WIDTH,
  );
  const total = base.reduce((sum, width) => sum + width, 0);
  // Stretch only the columns the user has not sized by hand, and never shrink below the base width.
  const flexible = columns.reduce(
    (sum, column, index) => sum + (overrides[column.name] === undefined ? (base[index] ?? 0) : 0),
    0,
  );
  const spare = available - total;
  if (spare <= 0 || flexible === 0) return base;
  return base.map((width, index) => {
    const column = columns[index];
    if (!column || overrides[column.name] !== undefined) return width;
    return Math.floor(width + (spare * width) / flexible);
  });
}
