import { sql, type Kysely } from 'kysely';
import { detailLayoutSchema, type CallResult, type DetailSection } from '../../../shared/contract';
import { format, messages } from '../../../shared/i18n/messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import { resolveTableAccess } from '../../engine/permission-resolver';
import type { TableRegistry } from '../../engine/registry';
import type { EngineUser } from '../../engine/types';

export interface DetailLayoutsService {
  /** POST /detail-layout/{table}: the user's layout of a table they may see, fields they may read only. */
  get(user: EngineUser, table: string): Promise<CallResult<'detailLayout'>>;
  /** POST /detail-layout/save: stores it (an empty list removes it). */
  save(
    user: EngineUser,
    table: string,
    sections: readonly DetailSection[],
  ): Promise<CallResult<'detailLayoutSave'>>;
}

/** Sections keep only fields the user may read now (a permission may have changed since the save). */
function readableSections(
  sections: readonly DetailSection[],
  readable: ReadonlySet<string>,
): DetailSection[] {
  return sections.map((section) => ({
    title: section.title,
    fields: section.fields.filter((name) => readable.has(name)),
  }));
}

export function createDetailLayoutsService(
  db: Kysely<Database>,
  registry: TableRegistry,
): DetailLayoutsService {
  async function stored(user: EngineUser, table: string): Promise<DetailSection[] | null> {
    const row = await db
      .selectFrom('detail_layouts')
      .select('sections')
      .where('user_id', '=', user.id)
      .where('table_name', '=', table)
      .executeTakeFirst();
    if (!row) return null;
    // A stored layout this version cannot read counts as none rather than failing the page.
    const parsed = detailLayoutSchema.safeParse(row.sections);
    return parsed.success ? parsed.data : null;
  }

  return {
    async get(user, table) {
      const access = await resolveTableAccess(db, registry, user, table);
      const sections = await stored(user, access.table.name);
      return { success: true, sections: sections ? readableSections(sections, access.readableNames) : null };
    },

    async save(user, table, sections) {
      const access = await resolveTableAccess(db, registry, user, table);
      const seen = new Set<string>();
      for (const section of sections) {
        for (const name of section.fields) {
          if (!access.readableNames.has(name) || seen.has(name)) {
            throw DomainError.invalid(format(messages.detailLayoutInvalidField, { field: name }));
          }
          seen.add(name);
        }
      }
      if (sections.length === 0) {
        await db
          .deleteFrom('detail_layouts')
          .where('user_id', '=', user.id)
          .where('table_name', '=', access.table.name)
          .execute();
        return { success: true, msg: messages.savedSuccessfully, sections: null };
      }
      await db
        .insertInto('detail_layouts')
        .values({ user_id: user.id, table_name: access.table.name, sections: JSON.stringify(sections) })
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'table_name']).doUpdateSet({
            sections: sql<string>`excluded.sections`,
            updated_at: sql<string>`date_trunc('second', localtimestamp)`,
          }),
        )
        .execute();
      return { success: true, msg: messages.savedSuccessfully, sections: [...sections] };
    },
  };
}
