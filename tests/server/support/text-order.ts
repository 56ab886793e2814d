import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../src/server/db/schema';
import { findTurkishCollation } from '../../../src/server/engine/text-collation';

/**
 * The ORDER BY key the list gives a text column on this database (engine/text-collation.ts): the
 * column in ICU's Turkish collation where PostgreSQL has it, else `fallback` (a name's folded column).
 * Tests write their expected order with it instead of assuming one engine's.
 */
export async function textOrder(
  db: Kysely<Database>,
  name: string,
  fallback: string = name,
): Promise<RawBuilder<unknown>> {
  const turkish = await findTurkishCollation(db);
  return turkish ? sql`${sql.id(name)} collate ${sql.id(turkish)}` : sql.id(fallback);
}
