import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { columnKind } from '../../../src/server/engine/columns';
import { compileFilter, type FilterCondition } from '../../../src/server/engine/filter-compiler';
import type { ColumnInfo, FieldDefinition, TableDefinition } from '../../../src/server/engine/types';
import type { ComponentType } from '../../../src/shared/domain/constants';

const compiler = new Kysely<Record<string, never>>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

function columnOf(name: string, dataType: string): ColumnInfo {
  return { name, dataType, kind: columnKind(dataType), nullable: true, hasDefault: false, generated: false };
}

function field(
  name: string,
  dataType: string,
  component: ComponentType,
  searchColumn: string | null = null,
): FieldDefinition {
  return {
    id: 1,
    name,
    displayName: name.toUpperCase(),
    component,
    category: 'Genel',
    optionListId: null,
    showInsert: 0,
    searchColumn,
    sort: 0,
    column: columnOf(name, dataType),
  };
}

const fields = [
  field('id', 'integer', 'id'),
  field('name', 'text', 'name', 'name_folded'),
  field('city', 'text', 'string'),
  field('status_id', 'integer', 'leadStatus'),
  field('created_at', 'timestamp without time zone', 'date'),
  field('birthday', 'date', 'birthday'),
];
const table: TableDefinition = {
  id: 1,
  name: 'leads',
  sourceTable: 'leads',
  baseFilter: null,
  displayName: 'Leadler',
  icon: null,
  location: 1,
  url: null,
  sort: 0,
  fields,
  fieldsByName: new Map(fields.map((f) => [f.name, f])),
  columns: new Map(fields.map((f) => [f.name, f.column])),
};
const context = { table, listable: new Set(fields.map((f) => f.name)) };

function compiled(filter: FilterCondition): { sql: string; parameters: readonly unknown[] } {
  const condition = compileFilter(filter, context);
  if (!condition) throw new Error('no condition');
  return sql`${condition}`.compile(compiler);
}

describe('filter compiler SQL', () => {
  it('uses the folded search column with an escaped, folded pattern', () => {
    const out = compiled({ name: 'name', type: 2, value: 'IŞIK 100%_\\' });
    expect(out.sql).toBe(`"name_folded" like lower($1) escape '\\'`);
    expect(out.parameters).toEqual(['%isik 100\\%\\_\\\\%']);
  });

  it('folds other text columns in SQL and keeps NULLs for "not contains"', () => {
    const out = compiled({ name: 'city', type: 3, value: 'İst' });
    expect(out.sql).toBe(
      `("city" is null or not (lower(translate("city"::text, $1, $2)) like lower($3) escape '\\'))`,
    );
    expect(out.parameters.at(-1)).toBe('%ist%');
  });

  it('never puts a value into the SQL text', () => {
    const hostile = "x'); drop table leads; --";
    for (const type of [1, 2, 3, 4, 5, 6, 7, 8, 9]) {
      const out = compiled({ name: 'city', type, value: hostile });
      expect(out.sql).not.toContain('drop');
    }
    const list = compiled({ name: 'city', type: 12, value: [hostile, 'a'] });
    expect(list.sql).toBe('("city" is null or "city" not in ($1, $2))');
  });

  it('turns a bare day into whole-day bounds on timestamps only', () => {
    expect(
      compiled({ name: 'created_at', type: 10, value: { start: '2025-03-01', end: '2025-03-01' } }),
    ).toEqual({
      sql: '("created_at" >= $1 and "created_at" < $2)',
      parameters: ['2025-03-01 00:00:00', '2025-03-02 00:00:00'],
      query: expect.anything(),
      queryId: expect.anything(),
    });
    expect(compiled({ name: 'birthday', type: 7, value: '2000-02-29' }).parameters).toEqual(['2000-02-29']);
  });

  it('coerces numbers and ignores empty values', () => {
    expect(compiled({ name: 'status_id', type: 11, value: ['1', ' 2 ', '1', ''] }).parameters).toEqual([
      1, 2,
    ]);
    expect(compileFilter({ name: 'status_id', type: 1, value: '  ' }, context)).toBeNull();
    expect(compileFilter({ name: 'status_id', type: 11, value: [] }, context)).toBeNull();
  });

  it('refuses fields outside the listable set', () => {
    expect(() =>
      compileFilter({ name: 'city', type: 1, value: 'x' }, { table, listable: new Set(['id']) }),
    ).toThrow('Geçersiz filtre: city');
  });
});
