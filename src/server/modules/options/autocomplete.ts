import { sql, type Kysely, type RawBuilder } from 'kysely';
import { AUTOCOMPLETE_LIMIT, type OptionItem } from '../../../shared/contract';
import { escapeLikePattern } from '../../../shared/domain/filters';
import { normalizeSearchText } from '../../../shared/domain/turkish-fold';
import { format, messages } from '../../../shared/i18n/messages';
import type { Database } from '../../db/schema';
import { resolveTableAccess } from '../../engine/permission-resolver';
import type { TableRegistry } from '../../engine/registry';
import { foldedText, likePattern, TRUE_CONDITION, type Condition } from '../../engine/sql-helpers';
import type { EngineUser } from '../../engine/types';
import { DomainError, serverMessages } from '../../domain-errors';
import { optionValue } from './service';

export interface AutocompleteService {
  /** GET /autocomplete/{table}/{field}?q=: the field's options whose label contains q (folded). */
  search(user: EngineUser, table: string, field: string, query: string): Promise<OptionItem[]>;
}

type OptionRow = { label: string; value: string | number; background?: string | null; color?: string | null };

/**
 * The leading ORDER BY terms: labels starting with the text, then those with a later word starting with
 * it, then the rest (the closest matches first). Nothing to rank without a text.
 */
function rankFirst(label: RawBuilder<unknown>, folded: string): RawBuilder<unknown> {
  if (folded === '') return sql``;
  const escaped = escapeLikePattern(folded);
  const text = foldedText(label);
  return sql`case when ${likePattern(text, `${escaped}%`)} then 0
    when ${likePattern(text, `% ${escaped}%`)} then 1 else 2 end, `;
}

function matches(label: RawBuilder<unknown>, folded: string): Condition {
  if (folded === '') return TRUE_CONDITION;
  return likePattern(foldedText(label), `%${escapeLikePattern(folded)}%`);
}

function toOption(row: OptionRow): OptionItem {
  const value = typeof row.value === 'string' ? optionValue(row.value) : Number(row.value);
  const option: OptionItem = { label: row.label, value };
  if (row.background) option.background = row.background;
  if (row.color) option.color = row.color;
  return option;
}

export function createAutocompleteService(
  db: Kysely<Database>,
  registry: TableRegistry,
): AutocompleteService {
  /** The option list behind `fieldName`, if the user may see the field at all; else 404. */
  async function optionListOf(user: EngineUser, tableName: string, fieldName: string): Promise<number> {
    const access = await resolveTableAccess(db, registry, user, tableName);
    // Any editor of the field is open to the user: the search panel (list), the detail (read), a form (write).
    const visible =
      access.readableNames.has(fieldName) ||
      access.listableNames.has(fieldName) ||
      access.writableNames.has(fieldName);
    const field = visible ? access.table.fieldsByName.get(fieldName) : undefined;
    if (!field || field.optionListId === null) {
      throw DomainError.notFound(format(messages.invalidField, { field: fieldName }));
    }
    return field.optionListId;
  }

  async function rows(listId: number, folded: string): Promise<OptionRow[]> {
    const list = await db
      .selectFrom('option_lists')
      .select('source')
      .where('id', '=', listId)
      .executeTakeFirst();
    if (!list) throw DomainError.notFound(serverMessages.optionListNotFound);
    const limit = AUTOCOMPLETE_LIMIT;
    switch (list.source) {
      case 'values': {
        const label = sql.ref('label');
        const result = await sql<OptionRow>`select label, value from option_values
          where list_id = ${listId} and ${matches(label, folded)}
          order by ${rankFirst(label, folded)}sort, id limit ${limit}`.execute(db);
        return result.rows;
      }
      case 'users': {
        const label = sql.ref('name');
        const result = await sql<OptionRow>`select name as label, id as value from users
          where active = 1 and ${matches(label, folded)}
          order by ${rankFirst(label, folded)}name, id limit ${limit}`.execute(db);
        return result.rows;
      }
      case 'teams':
      case 'user_groups':
      case 'email_templates': {
        const label = sql.ref('name');
        const result = await sql<OptionRow>`select name as label, id as value from ${sql.table(list.source)}
          where ${matches(label, folded)}
          order by ${rankFirst(label, folded)}name, id limit ${limit}`.execute(db);
        return result.rows;
      }
      case 'lead_statuses': {
        const label = sql.ref('label');
        const result = await sql<OptionRow>`select label, id as value, background, color from lead_statuses
          where ${matches(label, folded)}
          order by ${rankFirst(label, folded)}sort, id limit ${limit}`.execute(db);
        return result.rows;
      }
    }
  }

  return {
    async search(user, table, field, query) {
      const listId = await optionListOf(user, table, field);
      return (await rows(listId, normalizeSearchText(query))).map(toOption);
    },
  };
}
