import { Client } from 'pg';

/**
 * What a database holds, as one comparable object: every schema object outside the system catalogs
 * (tables, views, indexes, sequences, functions, extensions, columns), every sequence's position and,
 * per table, its row count and a digest of its rows. Two fingerprints are equal when nothing was created,
 * dropped, inserted, updated or deleted in between.
 */
export interface DatabaseFingerprint {
  relations: string[];
  columns: string[];
  functions: string[];
  extensions: string[];
  sequences: string[];
  rows: Record<string, string>;
}

/**
 * `content` digests each table's rows as text (exact, for a test's own small database); `versions`
 * digests each row's physical version (ctid and xmin), which any insert, update or delete changes, and
 * costs one plain scan without reading wide values: for a developer's database that may be large.
 */
export type RowDigest = 'content' | 'versions';

const USER_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'
  and n.nspname not like 'pg\\_temp%'`;

const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

export async function fingerprintDatabase(url: string, digest: RowDigest): Promise<DatabaseFingerprint> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const lines = async (query: string): Promise<string[]> =>
      (await client.query<{ line: string }>(query)).rows.map((row) => row.line);
    const relations = await lines(`select n.nspname || '.' || c.relname || ' ' || c.relkind::text as line
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMAS} order by 1`);
    const columns = await lines(`select table_schema || '.' || table_name || '.' || column_name || ' ' ||
        data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') as line
      from information_schema.columns where table_schema not in ('pg_catalog', 'information_schema')
      order by 1`);
    const functions = await lines(`select n.nspname || '.' || p.proname || '(' ||
        pg_get_function_identity_arguments(p.oid) || ') ' || md5(coalesce(p.prosrc, '')) as line
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_SCHEMAS} order by 1`);
    const extensions = await lines(
      `select extname || ' ' || extversion as line from pg_extension order by 1`,
    );
    const sequences = await lines(`select schemaname || '.' || sequencename || ' ' ||
        coalesce(last_value::text, 'unused') as line from pg_sequences order by 1`);
    const tables = (
      await client.query<{ schema: string; name: string }>(`select n.nspname as schema, c.relname as name
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where ${USER_SCHEMAS} and c.relkind in ('r', 'p', 'm') order by 1, 2`)
    ).rows;
    const rows: Record<string, string> = {};
    for (const { schema, name } of tables) {
      const table = `${quoteIdent(schema)}.${quoteIdent(name)}`;
      const query =
        digest === 'content'
          ? `select count(*)::text || ' ' || coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '')
               as line from ${table} t`
          : `select count(*)::text || ' ' || coalesce(sum(hashtextextended(ctid::text || ':' || xmin::text, 0)
               )::text, '') as line from ${table}`;
      rows[`${schema}.${name}`] = (await lines(query))[0] ?? '';
    }
    return { relations, columns, functions, extensions, sequences, rows };
  } finally {
    await client.end();
  }
}
