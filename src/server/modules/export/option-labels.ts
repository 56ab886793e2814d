import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Labels of one option list by stored value as text ('5' -> 'Ayşe Yılmaz'). */
export type OptionLabels = ReadonlyMap<string, string>;

/**
 * The labels of the given option lists, for writing "Ayşe Yılmaz" instead of 15 and "Yeni" instead of 1
 * in an export. Unlike GET /getOption, inactive users keep their names here: an old lead still belongs
 * to the agent who has left. Lists that do not exist are simply absent (their cells keep the raw value).
 */
export async function loadOptionLabels(
  db: Kysely<Database>,
  listIds: readonly number[],
): Promise<Map<number, OptionLabels>> {
  const result = new Map<number, OptionLabels>();
  const wanted = [...new Set(listIds)];
  if (wanted.length === 0) return result;
  const lists = await db
    .selectFrom('option_lists')
    .select(['id', 'source'])
    .where('id', 'in', wanted)
    .execute();

  // Each source is read once even when several lists share it (agents 15 and 32 are both users).
  const bySource = new Map<string, Promise<Map<string, string>>>();
  const namesOf = (rows: readonly { id: number; name: string }[]): Map<string, string> =>
    new Map(rows.map((row) => [String(row.id), row.name]));
  const loadSource = (source: string): Promise<Map<string, string>> => {
    let pending = bySource.get(source);
    if (pending) return pending;
    switch (source) {
      case 'users':
        pending = db.selectFrom('users').select(['id', 'name']).execute().then(namesOf);
        break;
      case 'teams':
        pending = db.selectFrom('teams').select(['id', 'name']).execute().then(namesOf);
        break;
      case 'user_groups':
        pending = db.selectFrom('user_groups').select(['id', 'name']).execute().then(namesOf);
        break;
      case 'email_templates':
        pending = db.selectFrom('email_templates').select(['id', 'name']).execute().then(namesOf);
        break;
      case 'lead_statuses':
        pending = db
          .selectFrom('lead_statuses')
          .select(['id', 'label'])
          .execute()
          .then((rows) => new Map(rows.map((row) => [String(row.id), row.label])));
        break;
      default:
        pending = Promise.resolve(new Map());
    }
    bySource.set(source, pending);
    return pending;
  };

  for (const list of lists) {
    if (list.source === 'values') {
      const rows = await db
        .selectFrom('option_values')
        .select(['value', 'label'])
        .where('list_id', '=', list.id)
        .execute();
      result.set(list.id, new Map(rows.map((row) => [row.value, row.label])));
    } else {
      result.set(list.id, await loadSource(list.source));
    }
  }
  return result;
}
