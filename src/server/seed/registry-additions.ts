import type { Insertable, Transaction } from 'kysely';
import type { Department } from '../../shared/domain/constants';
import type { CrmFieldsTable, CrmTablesTable, Database, PermissionsTable } from '../db/schema';

type TableSeed = Omit<Insertable<CrmTablesTable>, 'id' | 'sort'>;
type FieldSeed = Omit<Insertable<CrmFieldsTable>, 'table_name' | 'sort' | 'id'>;
type PermissionSeed = Omit<Insertable<PermissionsTable>, 'id' | 'user_group_id' | 'table_name'>;

export interface RegistryAdditions {
  /** Tables registered after the first release; only these are added to an already seeded registry. */
  readonly names: readonly string[];
  readonly tables: readonly TableSeed[];
  readonly fields: Readonly<Record<string, readonly FieldSeed[]>>;
  readonly groups: Readonly<Record<Department, string>>;
  readonly permissionFor: (department: Department, table: string) => PermissionSeed;
}

/**
 * A database seeded before a table was registered gets it now: its crm_tables row, its fields and the
 * default permission of each department's group. Only tables that are missing are touched, so an
 * admin's later changes to them are never overwritten; tables not in `names` are never re-added (an
 * admin may have removed one on purpose). Returns the table names added.
 */
export async function addMissingRegistryTables(
  trx: Transaction<Database>,
  additions: RegistryAdditions,
): Promise<string[]> {
  const registered = new Set(
    (await trx.selectFrom('crm_tables').select('table_name').execute()).map((row) => row.table_name),
  );
  // A registry that is still empty is the first seed's job, not an addition.
  if (registered.size === 0) return [];
  const missing = additions.tables.filter(
    (table) => additions.names.includes(table.table_name) && !registered.has(table.table_name),
  );
  if (missing.length === 0) return [];

  const lastSort = await trx
    .selectFrom('crm_tables')
    .select((eb) => eb.fn.max<number>('sort').as('sort'))
    .executeTakeFirst();
  let sort = Number(lastSort?.sort ?? 0);
  const groups = await trx.selectFrom('user_groups').select(['id', 'name']).execute();
  const groupIds = new Map(groups.map((group) => [group.name, group.id]));

  for (const table of missing) {
    sort += 10;
    await trx
      .insertInto('crm_tables')
      .values({ ...table, sort })
      .execute();
    const fields = additions.fields[table.table_name] ?? [];
    if (fields.length > 0) {
      await trx
        .insertInto('crm_fields')
        .values(
          fields.map((field, index) => ({ ...field, table_name: table.table_name, sort: (index + 1) * 10 })),
        )
        .execute();
    }
    const permissions = (Object.entries(additions.groups) as [Department, string][]).flatMap(
      ([department, group]) => {
        const groupId = groupIds.get(group);
        if (groupId === undefined) return [];
        return [
          {
            user_group_id: groupId,
            table_name: table.table_name,
            ...additions.permissionFor(department, table.table_name),
          },
        ];
      },
    );
    if (permissions.length > 0) {
      await trx
        .insertInto('permissions')
        .values(permissions)
        .onConflict((oc) => oc.columns(['user_group_id', 'table_name']).doNothing())
        .execute();
    }
  }
  return missing.map((table) => table.table_name);
}
