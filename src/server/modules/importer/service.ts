import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { z } from 'zod';
import {
  DOUBLE_EXPORT_MAX_IDS,
  importOwnerSchema,
  importTemplateDataSchema,
  type CallResult,
  type contract,
  type ImportReport,
  type ImportTemplate,
} from '../../../shared/contract';
import type { ImportDuplicatePolicy, ImportOwner } from '../../../shared/domain/import-owner';
import { normalizePhone } from '../../../shared/domain/phone';
import { format, messages } from '../../../shared/i18n/messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import { applyDefaults, authorValues, insertDefaults, missingRequired } from '../../engine/insert-defaults';
import { JOURNALED_SOURCE } from '../../engine/lead-journal';
import { requireFlag, resolveTableAccess, type TableAccess } from '../../engine/permission-resolver';
import type { RecordHooks } from '../../engine/record-hooks';
import { checkWriteValues, invalidField, type WriteValue } from '../../engine/record-writer';
import type { TableRegistry } from '../../engine/registry';
import { and, column } from '../../engine/sql-helpers';
import type { EngineUser } from '../../engine/types';
import type { Realtime } from '../../kernel/realtime-port';
import { fillEmptyFields, type DuplicateRow } from './import-duplicates';
import { ownerText, ownerValues } from './import-owner';
import { coerceRows, distinctValues, importFields, PHONE_FIELDS } from './import-rows';

type BulkInsertBody = z.output<(typeof contract)['bulkInsert']['body']>;
type TemplateSaveBody = z.output<(typeof contract)['importTemplateSave']['body']>;
type DoubleCheckBody = z.output<(typeof contract)['doubleCheck']['body']>;

/** Departments that see every import's report; others see their own. */
const REPORT_ALL_DEPARTMENTS: ReadonlySet<string> = new Set(['admin', 'sales_manager']);

export interface ImporterService {
  templates(user: EngineUser, table: string): Promise<CallResult<'importTemplates'>>;
  saveTemplate(user: EngineUser, body: TemplateSaveBody): Promise<CallResult<'importTemplateSave'>>;
  doubleCheck(user: EngineUser, body: DoubleCheckBody): Promise<CallResult<'doubleCheck'>>;
  insertChunk(user: EngineUser, body: BulkInsertBody): Promise<CallResult<'bulkInsert'>>;
  reports(user: EngineUser): Promise<CallResult<'importReports'>>;
  status(user: EngineUser, excelId: string): Promise<CallResult<'importStatus'>>;
  /** The report an export of duplicates reads (own, or any for managers); 404 otherwise. */
  report(user: EngineUser, excelId: string): Promise<ImportReport>;
}

export interface ImporterServiceDeps {
  registry: TableRegistry;
  hooks: RecordHooks;
  realtime: () => Realtime;
  /** IMPORT_MAX_BYTES: the largest file the screens accept. */
  maxBytes: number;
  /**
   * Runs on the leads a chunk inserted, inside the chunk's transaction after their journal entries: the
   * assignment rules (/hooks), which need the rows' ids, as every other new lead gets them.
   */
  afterLeadsInserted?: (
    trx: Kysely<Database>,
    ids: readonly number[],
    actorId: number,
    /** Fields the owner step named, which the rules leave as they are. */
    decided: readonly string[],
  ) => Promise<void>;
}

interface ReportRow {
  id: number;
  excel_id: string;
  table_name: string;
  file_name: string;
  agent_id: number | null;
  agent_name: string | null;
  double: number;
  double_ids: number[] | string | null;
  total: number;
  inserted: number;
  duplicate_policy: ImportDuplicatePolicy;
  updated: number;
  owner: unknown;
  owner_agent: string | null;
  owner_agent_team: string | null;
  owner_team: string | null;
  chunks: number;
  chunks_done: number;
  created_at: unknown;
}

const pad = (n: number): string => String(n).padStart(2, '0');

function dateTime(value: unknown): string {
  if (value instanceof Date) {
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())} ${pad(value.getHours())}:${pad(value.getMinutes())}:${pad(value.getSeconds())}`;
  }
  return String(value ?? '').slice(0, 19);
}

/** int[] as PGlite and pg answer it (an array, or the '{1,2}' text of an older driver setting). */
function intList(value: ReportRow['double_ids']): number[] {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === 'string') return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
  return [];
}

function toReport(row: ReportRow): ImportReport {
  return {
    id: Number(row.id),
    excel_id: row.excel_id,
    table: row.table_name,
    file_name: row.file_name,
    agent_id: row.agent_id === null ? null : Number(row.agent_id),
    agent_name: row.agent_name,
    double: Number(row.double),
    double_ids: intList(row.double_ids),
    total: Number(row.total),
    inserted: Number(row.inserted),
    duplicate_policy: row.duplicate_policy,
    updated: Number(row.updated),
    owner_text: ownerText(storedOwner(row.owner), {
      agent: row.owner_agent,
      agentTeam: row.owner_agent_team,
      team: row.owner_team,
    }),
    chunks: Number(row.chunks),
    chunks_done: Number(row.chunks_done),
    finished: Number(row.chunks_done) === Number(row.chunks),
    created_at: dateTime(row.created_at),
  };
}

/** The owner step as stored (jsonb: an object, or its text from an older driver setting). */
function storedOwner(value: unknown): ImportOwner | null {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  const owner = importOwnerSchema.safeParse(parsed);
  return owner.success ? owner.data : null;
}

const reportSelect = sql`select r.id, r.excel_id, r.table_name, r.file_name, r.agent_id, u.name as agent_name,
  r.double, r.double_ids, r.total, r.inserted, r.duplicate_policy, r.updated, r.owner,
  oa.name as owner_agent, oat.name as owner_agent_team, ot.name as owner_team,
  r.chunks, r.chunks_done, r.created_at
  from import_reports r left join users u on u.id = r.agent_id
  left join users oa on oa.id = (r.owner->>'agent_id')::int
  left join teams oat on oat.id = oa.team_id
  left join teams ot on ot.id = (r.owner->>'team_id')::int`;

/** Row numbers named in a refusal; the rest are counted. */
const NAMED_ROWS_MAX = 10;

/** "Ad Soyad boş: 2, 3, 4. satırlar" for every required field some rows leave empty. */
function missingRequiredText(missing: ReadonlyMap<string, readonly number[]>): string {
  const parts = [...missing].map(([field, numbers]) => {
    const named = numbers.slice(0, NAMED_ROWS_MAX).join(', ');
    const rest = numbers.length - NAMED_ROWS_MAX;
    return format(messages.importRequiredEmpty, {
      field,
      rows: rest > 0 ? format(messages.importRowsAndMore, { rows: named, more: rest }) : named,
    });
  });
  return format(messages.importRowsRefused, { problems: parts.join('; ') });
}

/** What identifies a chunk's content: a retry must send the same rows, or it is another upload. */
function chunkDigest(body: BulkInsertBody): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        body.table,
        body.skipDuplicates,
        body.duplicatePolicy,
        body.owner ?? null,
        body.inputs.columns,
        body.inputs.data,
      ]),
    )
    .digest('hex');
}

/** A column's SQL type for the cast out of text[] (from information_schema, never from a request). */
function castType(dataType: string): RawBuilder<unknown> {
  if (!/^[a-z ]+$/.test(dataType)) throw new Error(`column type ${dataType} cannot be imported`);
  return sql.raw(dataType);
}

export function createImporterService(db: Kysely<Database>, deps: ImporterServiceDeps): ImporterService {
  const { registry, hooks } = deps;

  async function importAccess(user: EngineUser, table: string): Promise<TableAccess> {
    const access = await resolveTableAccess(db, registry, user, table);
    requireFlag(access, 'show');
    requireFlag(access, 'excel_import');
    return access;
  }

  async function listTemplates(table: string): Promise<ImportTemplate[]> {
    const rows = await db
      .selectFrom('import_templates')
      .select(['id', 'name', 'table_name', 'data', 'status', 'created_at'])
      .where('table_name', '=', table)
      .where('status', '=', 1)
      .orderBy('id', 'desc')
      .execute();
    return rows.flatMap((row) => {
      const data = importTemplateDataSchema.safeParse(
        typeof row.data === 'string' ? JSON.parse(row.data) : row.data,
      );
      if (!data.success) return [];
      return [
        {
          id: row.id,
          name: row.name,
          table: row.table_name,
          data: data.data,
          status: row.status,
          created_at: dateTime(row.created_at),
        },
      ];
    });
  }

  /** Leads of the user's rows sharing one of `phones`: phone -> first such lead's id. In a transaction. */
  async function existingPhones(
    executor: Kysely<Database>,
    access: TableAccess,
    phones: readonly string[],
  ): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    if (phones.length === 0 || !access.table.columns.has('phones_normalized')) return found;
    const wanted = [...new Set(phones)];
    // Each position of the normalised numbers has its own B-tree (migration 019): index probes for the
    // chunk's phones, whatever the number of leads. Another table's source simply reads without them.
    const source = sql.id(access.table.sourceTable);
    const numbers = column('phones_normalized');
    const atPosition = (position: number): RawBuilder<{ wanted: string; id: number }> =>
      sql<{
        wanted: string;
        id: number;
      }>`select ${numbers}[${sql.lit(position)}] as wanted, ${column('id')} as id
        from ${source} where ${numbers}[${sql.lit(position)}] = any(${wanted}::text[]) and ${access.scope}`;
    // Below some 100,000 leads the planner prices a scan of every lead under the probes, yet the scan
    // tests each lead against thousands of phones (measured 10x slower at 20,000 leads); the probes stay
    // cheap at any size. Only for this statement, inside the caller's transaction.
    await sql`set local enable_seqscan = off`.execute(executor);
    const { rows } = await sql<{ wanted: string; id: number }>`${atPosition(1)}
      union all ${atPosition(2)} union all ${atPosition(3)}`.execute(executor);
    await sql`set local enable_seqscan = on`.execute(executor);
    for (const row of rows) {
      const id = Number(row.id);
      const earlier = found.get(row.wanted);
      if (earlier === undefined || id < earlier) found.set(row.wanted, id);
    }
    return found;
  }

  async function findReport(user: EngineUser, excelId: string): Promise<ReportRow | null> {
    const { rows } = await sql<ReportRow>`${reportSelect} where r.excel_id = ${excelId}`.execute(db);
    const row = rows[0];
    if (!row) return null;
    // Another user's import is as absent as a missing one (same 404 text).
    if (Number(row.agent_id) !== user.id && !REPORT_ALL_DEPARTMENTS.has(user.department)) return null;
    return row;
  }

  return {
    async templates(user, table) {
      const access = await importAccess(user, table);
      const fields = access.writable
        .filter((field) => field.column.kind !== 'array' && !field.column.generated)
        .map((field) => ({
          name: field.name,
          display_name: field.displayName,
          required: !field.column.nullable && !field.column.hasDefault,
          date: field.column.kind === 'date' || field.column.kind === 'timestamp',
          phone: PHONE_FIELDS.has(field.name),
        }));
      return { success: true, results: await listTemplates(table), fields, maxBytes: deps.maxBytes };
    },

    async saveTemplate(user, body) {
      const access = await importAccess(user, body.table);
      for (const choice of body.data.choices) {
        if (choice !== null && choice !== '-' && !access.writableNames.has(choice))
          throw invalidField(choice);
      }
      await db.transaction().execute(async (trx) => {
        // The same name again replaces the template (a manager refines it over time).
        await trx
          .updateTable('import_templates')
          .set({ status: 0 })
          .where('table_name', '=', body.table)
          .where('name', '=', body.name)
          .where('status', '=', 1)
          .execute();
        await trx
          .insertInto('import_templates')
          .values({
            table_name: body.table,
            name: body.name,
            data: JSON.stringify(body.data),
            agent_id: user.id,
          })
          .execute();
      });
      return { success: true, msg: messages.importTemplateSaved, results: await listTemplates(body.table) };
    },

    async doubleCheck(user, body) {
      const access = await importAccess(user, body.table);
      const phones = body.phones.map(normalizePhone);
      const found = await db.transaction().execute(async (trx) => {
        // As for a chunk: no JIT compile for one large lookup.
        await sql`set local jit = off`.execute(trx);
        return existingPhones(
          trx,
          access,
          phones.filter((phone) => phone !== ''),
        );
      });
      const matches = [...found.keys()];
      const matchCount = phones.filter((phone) => phone !== '' && found.has(phone)).length;
      return { success: true, result: { match_count: matchCount, matches }, total: body.phones.length };
    },

    async insertChunk(user, body) {
      // A chunk names its place among the chunks its import declared, and fits in the file's rows.
      if (body.chunk >= body.chunks) throw DomainError.invalid(messages.importChunkOutOfRange);
      if (body.inputs.data.length > body.total) throw DomainError.invalid(messages.importTotalMismatch);
      const access = await importAccess(user, body.table);
      requireFlag(access, 'update');
      const writable = new Map(access.writable.map((field) => [field.name, field]));
      const fields = importFields(writable, body.inputs.columns);
      const tableDefaults = new Map<string, WriteValue>();
      applyDefaults(access.table, tableDefaults, await insertDefaults(user, access));
      // The owner step: the chosen agent (team follows), or the rules and a team's pool, status and
      // source, where the file has no value (see docs/user-guide.md#importing-leads).
      const owner = await ownerValues(db, user, access, body.owner);
      for (const [name, value] of owner.values) tableDefaults.set(name, value);
      const policy = body.duplicatePolicy;
      const rows = coerceRows(fields, body.inputs.data, body.firstRow, tableDefaults);
      const digest = chunkDigest(body);
      const source = access.table.sourceTable;
      const phoneIndexes = fields.flatMap((field, index) => (PHONE_FIELDS.has(field.name) ? [index] : []));

      const outcome = await db.transaction().execute(async (trx) => {
        // PostgreSQL would compile this chunk's large statements to machine code first (JIT), which
        // costs more than it saves for one chunk; PGlite has no JIT and ignores the setting.
        await sql`set local jit = off`.execute(trx);
        // One report per import, locked: chunks of one import are written one after another.
        await sql`insert into import_reports
            (excel_id, table_name, file_name, agent_id, total, chunks, duplicate_policy, owner)
          values (${body.excelId}, ${access.table.name}, ${body.fileName}, ${user.id}, ${body.total},
            ${body.chunks}, ${policy}, ${body.owner ? JSON.stringify(body.owner) : null}::jsonb)
          on conflict (excel_id) do nothing`.execute(trx);
        const { rows: locked } = await sql<{
          id: number;
          agent_id: number | null;
          table_name: string;
          chunks: number;
          total: number;
        }>`select id, agent_id, table_name, chunks, total from import_reports
          where excel_id = ${body.excelId} for update`.execute(trx);
        const report = locked[0];
        if (!report || Number(report.agent_id) !== user.id)
          throw DomainError.notFound(messages.recordNotFound);
        if (report.table_name !== access.table.name) throw DomainError.invalid(messages.invalidRequest);
        // Every chunk of one import declares what the first did: its chunk count and the file's rows.
        if (Number(report.chunks) !== body.chunks || Number(report.total) !== body.total)
          throw DomainError.invalid(messages.importTotalMismatch);

        const { rows: before } = await sql<{
          inserted: number;
          skipped: number;
          updated: number;
          digest: string;
        }>`select inserted, skipped, updated, digest from import_chunks
          where report_id = ${report.id} and chunk = ${body.chunk}`.execute(trx);
        const earlier = before[0];
        if (earlier) {
          if (earlier.digest !== digest) throw DomainError.conflict(messages.importChunkMismatch);
          return {
            inserted: Number(earlier.inserted),
            skipped: Number(earlier.skipped),
            updated: Number(earlier.updated),
            repeated: true,
          };
        }

        // Option lists and assignees once per distinct value, not once per row.
        await checkWriteValues(
          trx,
          user,
          new Map(distinctValues(fields, rows).map((item, i) => [String(i), item])),
        );

        // Duplicates by phone among the leads of the user's rows, earlier chunks of this import included.
        const rowPhones = rows.map((row) =>
          phoneIndexes
            .map((index) => row[index])
            .filter((value): value is string => typeof value === 'string'),
        );
        const found = await existingPhones(trx, access, [...new Set(rowPhones.flat())]);
        const kept: WriteValue[][] = [];
        /** The file's row number of each kept row, for what the user reads about a refused one. */
        const keptRowNumbers: number[] = [];
        const doubleIds = new Set<number>();
        const duplicated: DuplicateRow[] = [];
        let doubles = 0;
        rows.forEach((row, index) => {
          const match = (rowPhones[index] ?? [])
            .map((phone) => found.get(phone))
            .find((id) => id !== undefined);
          if (match !== undefined) {
            doubles += 1;
            doubleIds.add(match);
            if (policy === 'skip') return;
            if (policy === 'update') {
              duplicated.push({ leadId: match, row });
              return;
            }
          }
          kept.push(row);
          keptRowNumbers.push(body.firstRow + index);
        });

        // Server-set values (author columns) and the table's defaults for columns the file does not have.
        const extra = new Map<string, WriteValue>(tableDefaults);
        for (const [name, value] of await authorValues(trx, user, access.table)) extra.set(name, value);
        for (const [name, value] of owner.values) extra.set(name, value);
        for (const field of fields) extra.delete(field.name);
        const baseNames = [...fields.map((field) => field.name), ...extra.keys()];
        const extraValues = [...extra.values()];
        const valueMaps: Map<string, WriteValue>[] = [];
        // The file's columns were chosen; the rest are defaults (record-hooks.ts `given`).
        // The owner step's choices count as given: a chosen agent brings their team (lead-ownership.ts).
        const given: ReadonlySet<string> = new Set([
          ...fields.map((field) => field.name),
          ...[...owner.chosen].filter((name) => extra.has(name)),
        ]);
        // Every column is optional for the screen's check (see docs/requirements.md#money-importer-and-lead-input); a row the table cannot take is
        // refused here, with the file's row numbers and the fields it lacks (docs/api-conformance.md).
        const missing = new Map<string, number[]>();
        for (const [index, row] of kept.entries()) {
          const values = new Map<string, WriteValue>(
            baseNames.map((name, i) => [
              name,
              i < row.length ? (row[i] ?? null) : (extraValues[i - row.length] ?? null),
            ]),
          );
          // Assignment rules and other table rules, as for any insert (record-hooks.ts); a hook may add values.
          await hooks.beforeWrite({ trx, user, access, mode: 'insert', ids: [], values, given });
          for (const label of missingRequired(access.table, values)) {
            missing.set(label, [...(missing.get(label) ?? []), keptRowNumbers[index] ?? 0]);
          }
          valueMaps.push(values);
        }
        if (missing.size > 0) throw DomainError.invalid(missingRequiredText(missing));
        const names = [...new Set([...baseNames, ...valueMaps.flatMap((values) => [...values.keys()])])];
        const complete = valueMaps.map((values) => names.map((name) => values.get(name) ?? null));

        let ids: number[] = [];
        if (complete.length > 0) {
          const columns = names.map((name) => {
            const info = access.table.columns.get(name);
            if (!info) throw invalidField(name);
            return info;
          });
          // One statement per chunk: every column as one text[] parameter, cast back to its type.
          const arrays = columns.map((_, i) =>
            complete.map((row) => {
              const value = row[i];
              return value === null || value === undefined ? null : String(value);
            }),
          );
          const selects = columns.map((info, i) => sql`${sql.ref(`u.c${i}`)}::${castType(info.dataType)}`);
          const unnests = arrays.map((values) => sql`${values}::text[]`);
          const aliases = columns.map((_, i) => sql.raw(`c${i}`));
          const inserted = await sql<{
            id: number;
          }>`insert into ${sql.id(source)} (${sql.join(names.map(column))})
            select ${sql.join(selects)} from unnest(${sql.join(unnests)}) as u(${sql.join(aliases)})
            returning ${column('id')}`.execute(trx);
          ids = inserted.rows.map((row) => Number(row.id));
          // Every new row must land inside the user's rows (base filter and restriction).
          const { rows: inside } = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(source)}
            where ${and([sql<boolean>`${column('id')} = any(${ids}::int8[])`, access.scope])}`.execute(trx);
          if (Number(inside[0]?.n) !== ids.length) throw DomainError.forbidden(messages.forbidden);

          if (source === JOURNALED_SOURCE) {
            // One journal entry per imported lead: its imported fields, from empty to the file's value,
            // and what the owner step chose with the team the agent brought (docs/workflows.md#ownership-and-assignment).
            const journaled = new Set<string>([...fields.map((field) => field.name), ...owner.chosen]);
            if (owner.chosen.has('agent_id')) journaled.add('team_id');
            const journalIndexes = names.flatMap((name, i) => (journaled.has(name) ? [i] : []));
            const entries = complete.map((row) => {
              const changes: Record<string, { old: null; new: WriteValue }> = {};
              for (const i of journalIndexes) {
                const value = row[i] ?? null;
                const name = names[i];
                if (value !== null && name !== undefined) changes[name] = { old: null, new: value };
              }
              return JSON.stringify(changes);
            });
            await sql`insert into lead_journal (lead_id, agent_id, "values")
              select u.id, ${user.id}, u.v::jsonb from unnest(${ids}::int[], ${entries}::text[]) as u(id, v)`.execute(
              trx,
            );
            await deps.afterLeadsInserted?.(trx, ids, user.id, owner.decided);
          }
        }

        const updated = await fillEmptyFields(trx, {
          user,
          access,
          hooks,
          fields,
          duplicates: duplicated,
          castType,
        });
        await sql`insert into import_chunks (report_id, chunk, rows, inserted, skipped, updated, digest)
          values (${report.id}, ${body.chunk}, ${rows.length}, ${ids.length}, ${rows.length - ids.length},
            ${updated}, ${digest})`.execute(trx);
        // The rows of the chunks in never pass the file's rows, and once every chunk is in they are
        // exactly those rows: only then is the import finished (this chunk rolls back otherwise).
        const { rows: sums } = await sql<{ rows: number; chunks: number }>`select
            coalesce(sum(rows), 0)::int as rows, count(*)::int as chunks
          from import_chunks where report_id = ${report.id}`.execute(trx);
        const rowsIn = Number(sums[0]?.rows ?? 0);
        const chunksIn = Number(sums[0]?.chunks ?? 0);
        if (rowsIn > body.total || (chunksIn === body.chunks && rowsIn !== body.total))
          throw DomainError.invalid(messages.importTotalMismatch);
        await sql`update import_reports set
            chunks_done = ${chunksIn},
            inserted = inserted + ${ids.length},
            updated = updated + ${updated},
            double = double + ${doubles},
            double_ids = (select coalesce(array_agg(x order by x), '{}') from (
              select distinct unnest(double_ids || ${[...doubleIds]}::int[]) as x limit ${DOUBLE_EXPORT_MAX_IDS}) d),
            updated_at = date_trunc('second', localtimestamp)
          where id = ${report.id}`.execute(trx);
        return { inserted: ids.length, skipped: rows.length - ids.length, updated, repeated: false };
      });

      const { rows: progress } = await sql<{ done: number; total: number }>`select
          coalesce((select sum(c.rows) from import_chunks c where c.report_id = r.id), 0)::int as done, r.total
        from import_reports r where r.excel_id = ${body.excelId}`.execute(db);
      const done = Number(progress[0]?.done ?? 0);
      const total = Number(progress[0]?.total ?? body.total);
      deps.realtime().importProgress(user.id, { uploadId: body.excelId, done, total });
      return {
        success: true,
        successCount: outcome.inserted,
        skipped: outcome.skipped,
        updated: outcome.updated,
        done,
        total,
        repeated: outcome.repeated,
      };
    },

    async reports(user) {
      const all = REPORT_ALL_DEPARTMENTS.has(user.department);
      const { rows } = await sql<ReportRow>`${reportSelect}
        ${all ? sql`` : sql`where r.agent_id = ${user.id}`} order by r.id desc limit 500`.execute(db);
      return { rows: rows.map(toReport) };
    },

    async status(user, excelId) {
      const row = await findReport(user, excelId);
      if (!row) return { found: false, report: null, chunksDone: [] };
      const chunks = await db
        .selectFrom('import_chunks')
        .select('chunk')
        .where('report_id', '=', row.id)
        .orderBy('chunk')
        .execute();
      return { found: true, report: toReport(row), chunksDone: chunks.map((chunk) => chunk.chunk) };
    },

    async report(user, excelId) {
      const row = await findReport(user, excelId);
      if (!row) throw DomainError.notFound(messages.recordNotFound);
      return toReport(row);
    },
  };
}
