import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

export interface OptionListAddition {
  readonly id: number;
  readonly name: string;
  readonly source: 'values' | 'users' | 'teams' | 'user_groups' | 'lead_statuses' | 'email_templates';
  readonly values?: readonly { readonly value: string; readonly label: string }[];
}

/** A choice a field gains together with the list, when it still has its original plain shape. */
export interface FieldChoiceUpgrade {
  readonly table: string;
  readonly field: string;
  /** The component the field had before; only then is it changed (an admin's own choice stays). */
  readonly fromComponent: string;
  readonly listId: number;
}

/**
 * A database seeded before an option list existed gets it now, with its values, and the fields that use
 * it switch to a selectbox of it. Only lists that are missing are added, and only fields still in their
 * seeded shape are changed, so an admin's edits are never overwritten. An empty option_lists table is
 * the first seed's job. Returns the ids of the lists added.
 */
export async function addMissingOptionLists(
  trx: Transaction<Database>,
  lists: readonly OptionListAddition[],
  upgrades: readonly FieldChoiceUpgrade[],
): Promise<number[]> {
  const existing = new Set(
    (await trx.selectFrom('option_lists').select('id').execute()).map((row) => row.id),
  );
  if (existing.size === 0) return [];
  const missing = lists.filter((list) => !existing.has(list.id));
  for (const list of missing) {
    await trx
      .insertInto('option_lists')
      .values({ id: list.id, name: list.name, source: list.source })
      .execute();
    const values = (list.values ?? []).map((value, index) => ({
      list_id: list.id,
      value: value.value,
      label: value.label,
      sort: (index + 1) * 10,
    }));
    if (values.length > 0) await trx.insertInto('option_values').values(values).execute();
    for (const upgrade of upgrades.filter((item) => item.listId === list.id)) {
      await trx
        .updateTable('crm_fields')
        .set({ component: 'selectbox', option_list_id: list.id })
        .where('table_name', '=', upgrade.table)
        .where('name', '=', upgrade.field)
        .where('component', '=', upgrade.fromComponent)
        .where('option_list_id', 'is', null)
        .execute();
    }
  }
  return missing.map((list) => list.id);
}
