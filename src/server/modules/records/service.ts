import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { CallResult, contract, FieldMeta, MenuTable, RecordRow } from '../../../shared/contract';
import { LEAD_PLATFORMS_LIMIT } from '../../../shared/contract';
import { componentIdOf, DEFAULT_PAGE_SIZE } from '../../../shared/domain/constants';
import { defaultFilterType, FILTER_TYPES, searchFieldKind } from '../../../shared/domain/filters';
import { MASKED_COMPONENT, maskCell } from '../../../shared/domain/masking';
import { messages } from '../../../shared/i18n/messages';
import { isDomainError } from '../../domain-errors';
import type { Database } from '../../db/schema';
import { toRecordRow } from '../../engine/cells';
import type { FilterCondition } from '../../engine/filter-compiler';
import { compileFilters } from '../../engine/filter-compiler';
import { runListQuery } from '../../engine/list-query';
import {
  isSettable,
  loadPermissionRows,
  requireFlag,
  resolveTableAccess,
  tableFlags,
  type TableAccess,
  type TableFlags,
} from '../../engine/permission-resolver';
import { insertRow, recordNotFound, selectRow, updateRow } from '../../engine/record-store';
import { applyDefaults, authorValues, checkRequired, insertDefaults } from '../../engine/insert-defaults';
import { checkWriteValues, invalidField, prepareValues, type WriteInput } from '../../engine/record-writer';
import { getTableRegistry, type TableRegistry } from '../../engine/registry';
import { journaledWrite } from '../../engine/lead-journal';
import type { RecordHooks } from '../../engine/record-hooks';
import type { EngineUser, FieldDefinition, TableDefinition } from '../../engine/types';
import { type AuthUser, insertPasswordFields, takePasswordInputs } from '../auth';
import { findLeadDuplicates, refuseUnconfirmedDuplicates } from './lead-duplicates';

type ListBody = z.output<(typeof contract)['table']['body']>;
type RowBody = z.output<(typeof contract)['row']['body']>;
type DetailSaveBody = z.output<(typeof contract)['detailSave']['body']>;
type InlineSaveBody = z.output<(typeof contract)['inlineSave']['body']>;
type LeadPlatformsBody = z.output<(typeof contract)['leadPlatforms']['body']>;
type LeadDuplicatesBody = z.output<(typeof contract)['leadDuplicates']['body']>;
/** Inserts of their own kind (see docs/requirements.md#calls "type such as insert_note"): every type but the generic insert. */
type TypedInsertBody = Exclude<Extract<InlineSaveBody, { type: string }>, { type: 'insert' }>;
/** The user as typed inserts need them (a note is signed with the user's name). */
export type RecordsUser = EngineUser & { name: string };

/**
 * The handlers of typed inserts, one per type, given by the modules that own them (insert_note: the
 * notes module, whose notes carry reminders and agents). The records route stays one generic call.
 */
export type InsertTypeHandlers = {
  [T in TypedInsertBody['type']]: (
    user: RecordsUser,
    body: Extract<TypedInsertBody, { type: T }>,
  ) => Promise<CallResult<'inlineSave'>>;
};

export interface RecordsServiceDeps {
  registry?: TableRegistry;
  /** Per-table business rules run inside every generic write (engine/record-hooks.ts). */
  hooks: RecordHooks;
  insertTypes: InsertTypeHandlers;
}
type Inputs = Readonly<Record<string, WriteInput>>;

export interface RecordsService {
  /** GET /permissions: the menu tables the user may show, with flags, and `me`. */
  permissions(user: AuthUser): Promise<CallResult<'permissions'>>;
  /** GET /fields/{table}: metadata of the fields the user may list. */
  fields(user: EngineUser, table: string): Promise<CallResult<'fields'>>;
  /** POST /table/{table}: one page of the list plus the exact total. */
  list(user: EngineUser, table: string, query: ListBody): Promise<CallResult<'table'>>;
  /** POST /row/{table}/{id}: one record's readable fields. */
  row(user: EngineUser, table: string, id: number, body: RowBody): Promise<CallResult<'row'>>;
  /** POST /detail/save/: update writable fields of one record. */
  detailSave(user: EngineUser, body: DetailSaveBody): Promise<CallResult<'detailSave'>>;
  /** POST /inline/save/: insert a record (typed inserts by their handler), or set one field of one record. */
  inlineSave(user: RecordsUser, body: InlineSaveBody): Promise<CallResult<'inlineSave'>>;
  /** POST /lead/duplicates: leads sharing a phone, e-mail or T.C. with a lead being saved (lead-duplicates.ts). */
  leadDuplicates(user: EngineUser, body: LeadDuplicatesBody): Promise<CallResult<'leadDuplicates'>>;
  /** POST /hidden/{table}/{id}/{field}: one readable field of one record in the user's rows. */
  hidden(user: EngineUser, table: string, id: number, field: string): Promise<CallResult<'hidden'>>;
  /** POST /lead-platforms/{table}: platform accounts of the user's rows, of one customer or filtered. */
  leadPlatforms(
    user: EngineUser,
    table: string,
    body: LeadPlatformsBody,
  ): Promise<CallResult<'leadPlatforms'>>;
}

/** Components of columns that hold a lead's id (a note's lead, a transaction's customer). */
const LEAD_ID_COMPONENTS: ReadonlySet<string> = new Set(['lead_id', 'leadDetailModal']);

/**
 * A clickShow column (a national id) leaves the server masked in every list, as the lead screen shows it;
 * the full value comes only from POST /hidden, one field of one record (docs/user-guide.md#maskeli-alanlar).
 */
function maskedRows(target: TableAccess, rows: readonly RecordRow[]): RecordRow[] {
  const masked = target.listable.filter((field) => field.component === MASKED_COMPONENT);
  if (masked.length === 0) return [...rows];
  return rows.map((row) => {
    const out: RecordRow = { ...row };
    for (const field of masked) {
      if (Object.hasOwn(out, field.name)) out[field.name] = maskCell(out[field.name]) as RecordRow[string];
    }
    return out;
  });
}

/** The platform accounts' table and the column naming their customer. */
const PLATFORMS_TABLE = 'lead_platforms';
const PLATFORM_CUSTOMER = 'customer_id';
const LEADS_SOURCE = 'leads';

/** Field metadata as the contract's fieldMetaSchema (see docs/requirements.md#records-notes-and-settings). */
export function fieldMeta(field: FieldDefinition): FieldMeta {
  return {
    id: field.id,
    name: field.name,
    display_name: field.displayName,
    component: { name: field.component },
    category: field.category,
    options: field.optionListId,
    show_insert: field.showInsert,
    component_id: componentIdOf(field.component),
    filter: defaultFilterType(searchFieldKind(field.component, field.optionListId)),
  };
}

function menuEntry(table: TableDefinition, flags: TableFlags): MenuTable {
  return {
    id: table.id,
    table: table.name,
    name: table.displayName,
    icon: table.icon,
    location: table.location,
    url: table.url,
    ...flags,
  };
}

/** Fields an insert may fill: writable ones and those the insert form shows (see docs/requirements.md#filters-and-list-input: show_insert 1). */
function insertableFields(access: TableAccess): Map<string, FieldDefinition> {
  const fields = new Map(access.writable.map((field) => [field.name, field]));
  for (const field of access.table.fields) {
    if (field.showInsert === 1 && isSettable(field) && field.component !== 'password') {
      fields.set(field.name, field);
    }
  }
  return fields;
}

const DEFAULT_LIST: NonNullable<ListBody> = { page: 1, limit: DEFAULT_PAGE_SIZE, filters: [] };

export function createRecordsService(db: Kysely<Database>, deps: RecordsServiceDeps): RecordsService {
  const { hooks, insertTypes } = deps;
  const registry = deps.registry ?? getTableRegistry(db);
  const access = (user: EngineUser, table: string): Promise<TableAccess> =>
    resolveTableAccess(db, registry, user, table);

  async function saveFields(
    user: EngineUser,
    tableName: string,
    id: number,
    inputs: Inputs,
    confirmed = true,
  ): Promise<void> {
    const target = await access(user, tableName);
    requireFlag(target, 'update');
    const prepared = prepareValues(new Map(target.writable.map((field) => [field.name, field])), inputs);
    const values = new Map([...prepared].map(([name, item]) => [name, item.value]));
    // Only a lead in the user's rows is compared: a foreign id stays the same 404 below.
    if (!confirmed && (await selectRow(db, target, id, ['id']))) {
      await refuseUnconfirmedDuplicates(db, target, values, confirmed, id);
    }
    await db.transaction().execute(async (trx) => {
      await checkWriteValues(trx, user, prepared);
      await hooks.beforeWrite({ trx, user, access: target, mode: 'update', ids: [id], values });
      // A lead's change and its journal entry commit together (or not at all).
      await journaledWrite(trx, target, [id], values, { agentId: user.id }, () =>
        updateRow(trx, target, id, values),
      );
    });
    hooks.afterCommit({ user, access: target, mode: 'update', ids: [id] });
  }

  async function insert(
    user: EngineUser,
    tableName: string,
    inputs: Inputs,
    confirmed = true,
  ): Promise<number> {
    const target = await access(user, tableName);
    requireFlag(target, 'show');
    requireFlag(target, 'update');
    // Passwords never reach the generic writer: checked and hashed first (password-inputs.ts).
    const passwords = await takePasswordInputs(target, inputs);
    const prepared = prepareValues(insertableFields(target), passwords.inputs);
    const values = new Map([...prepared].map(([name, item]) => [name, item.value]));
    for (const [name, hash] of passwords.hashed) values.set(name, hash);
    applyDefaults(target.table, values, await insertDefaults(user, target));
    await refuseUnconfirmedDuplicates(db, target, values, confirmed);
    const id = await db.transaction().execute(async (trx) => {
      // Who wrote the row is the session's user, never the input's.
      for (const [name, value] of await authorValues(trx, user, target.table)) values.set(name, value);
      const given = new Set(prepared.keys());
      const context = { trx, user, access: target, mode: 'insert', ids: [], values, given } as const;
      await hooks.beforeWrite(context);
      checkRequired(target.table, values);
      await checkWriteValues(trx, user, prepared);
      const id = await insertRow(trx, target, values);
      await hooks.afterInsert(context, id);
      return id;
    });
    hooks.afterCommit({ user, access: target, mode: 'insert', ids: [id] });
    return id;
  }

  /**
   * The names of the leads a page's lead columns point at (docs/user-guide.md#kayitlari-acmak), as far as
   * the user may see those leads: users read names, not ids. Null when the page has no lead column.
   */
  async function leadNames(
    user: EngineUser,
    target: TableAccess,
    fields: readonly string[],
    rows: readonly RecordRow[],
  ): Promise<Record<string, string> | null> {
    const columns = target.listable
      .filter((field) => LEAD_ID_COMPONENTS.has(field.component) && fields.includes(field.name))
      .map((field) => field.name);
    if (columns.length === 0) return null;
    const ids = [
      ...new Set(
        rows.flatMap((row) =>
          columns.map((name) => Number(row[name])).filter((id) => Number.isSafeInteger(id) && id > 0),
        ),
      ),
    ];
    if (ids.length === 0) return {};
    let leads: TableAccess;
    try {
      leads = await access(user, LEADS_SOURCE);
    } catch (error) {
      if (isDomainError(error)) return {};
      throw error;
    }
    if (!leads.readableNames.has('name')) return {};
    const found = await sql<{ id: number; name: string | null }>`select id, name from leads
      where id in (${sql.join(ids)}) and ${leads.scope}`.execute(db);
    return Object.fromEntries(
      found.rows.filter((row) => row.name !== null).map((row) => [String(row.id), String(row.name)]),
    );
  }

  return {
    async permissions(user) {
      const [tables, rows] = await Promise.all([
        registry.listTables(),
        loadPermissionRows(db, user.user_group_id),
      ]);
      const byTable = new Map(rows.map((row) => [row.table_name, row]));
      const menu: MenuTable[] = [];
      for (const table of tables) {
        const row = byTable.get(table.name);
        if (!row || row.show !== 1) continue;
        menu.push(menuEntry(table, tableFlags(table, row)));
      }
      return {
        tables: menu,
        me: {
          id: user.id,
          name: user.name,
          email: user.email,
          department: user.department,
          team_id: user.team_id,
          team: user.team,
          user_group_id: user.user_group_id,
          user_group: user.user_group,
          dahili: user.dahili,
          telegram_id: user.telegram_id,
          theme: user.theme,
          // Lead-detail tabs follow the modules of the leads permission (see docs/requirements.md#departments-and-permissions).
          modules: [...(byTable.get('leads')?.modules ?? [])],
          // An admin-set password: the app asks for a new one before the shell (see docs/admin-guide.md).
          must_change_password: user.must_change_password === true,
          default_call_line: user.default_call_line ?? null,
        },
      };
    },

    async fields(user, table) {
      const target = await access(user, table);
      // A password is never listed, but the insert form of a user who may insert must still ask for it.
      const insertOnly = target.flags.update === 1 ? insertPasswordFields(target) : [];
      return {
        fields: target.listable.map(fieldMeta),
        ...(insertOnly.length > 0 ? { insert_fields: insertOnly.map(fieldMeta) } : {}),
      };
    },

    async list(user, table, query) {
      const target = await access(user, table);
      const request = query ?? DEFAULT_LIST;
      const page = await runListQuery(db, target, request);
      const results = maskedRows(target, page.results);
      const names = await leadNames(user, target, page.fields, results);
      return {
        results,
        ...(names ? { lead_names: names } : {}),
        total: page.total,
        ...(page.capped ? { total_capped: true } : {}),
        page: request.page,
        fields: page.fields,
        all_fields: target.listable.map(fieldMeta),
        components: Object.fromEntries(target.listable.map((field) => [field.name, field.component])),
        table: target.table.name,
        tab_field_id: null,
      };
    },

    async row(user, table, id, body) {
      const target = await access(user, table);
      const filters: readonly FilterCondition[] = body?.filters ?? [];
      const extra = compileFilters(filters, { table: target.table, listable: target.listableNames });
      const names = target.readable.map((field) => field.name);
      const found = await selectRow(db, target, id, names, extra);
      if (!found) throw recordNotFound();
      const results: RecordRow = toRecordRow(found, names);
      return {
        results,
        fields: target.readable.map(fieldMeta),
        write_fields: target.writable.map((field) => field.name),
        modules: [...target.modules],
      };
    },

    async detailSave(user, body) {
      await saveFields(user, body.table, body.id, body.inputs, body.confirm_duplicates === 1);
      return { success: true, msg: messages.savedSuccessfully };
    },

    async leadDuplicates(user, body) {
      const target = await access(user, body.table);
      const prepared = prepareValues(insertableFields(target), body.inputs);
      const values = new Map([...prepared].map(([name, item]) => [name, item.value]));
      // An edit of a lead outside the user's rows is as absent as a missing one.
      if (body.id !== undefined && !(await selectRow(db, target, body.id, ['id']))) throw recordNotFound();
      return { success: true, ...(await findLeadDuplicates(db, target, values, body.id)) };
    },

    async hidden(user, table, id, field) {
      const target = await access(user, table);
      // A field the user may not read is as absent as a missing record: the answer tells nothing.
      if (!target.readableNames.has(field)) throw recordNotFound();
      const found = await selectRow(db, target, id, [field]);
      if (!found) throw recordNotFound();
      return { success: true, value: toRecordRow(found, [field])[field] ?? null };
    },

    async leadPlatforms(user, table, body) {
      const filters: FilterCondition[] = [...(body?.filters ?? [])];
      if (table !== PLATFORMS_TABLE) {
        // Opened from a lead table: the customer must be a record of it in the user's rows.
        const leads = await access(user, table);
        if (leads.table.sourceTable !== LEADS_SOURCE) throw recordNotFound();
        const customerId = body?.customer_id ?? body?.id;
        if (customerId === undefined || !(await selectRow(db, leads, customerId, ['id']))) {
          throw recordNotFound();
        }
        filters.push({ name: PLATFORM_CUSTOMER, type: FILTER_TYPES.equal, value: String(customerId) });
      } else if (body?.customer_id !== undefined) {
        filters.push({ name: PLATFORM_CUSTOMER, type: FILTER_TYPES.equal, value: String(body.customer_id) });
      }
      const platforms = await access(user, PLATFORMS_TABLE);
      const page = await runListQuery(db, platforms, {
        page: 1,
        limit: LEAD_PLATFORMS_LIMIT,
        filters,
        exact_total: true,
      });
      return { success: true, results: page.results, total: page.total };
    },

    async inlineSave(user, body) {
      if ('keyName' in body) {
        // Only the primary key addresses a row: any other column could match many rows at once.
        if (body.keyName !== 'id') throw invalidField(body.keyName);
        if (!/^[1-9]\d{0,15}$/.test(body.keyValue.trim())) throw invalidField(body.keyName);
        await saveFields(user, body.table, Number(body.keyValue.trim()), {
          [body.fieldName]: body.fieldValue,
        });
        return { success: true, message: messages.savedSuccessfully };
      }
      if (body.type !== 'insert') return insertTypes[body.type](user, body);
      const id = await insert(user, body.table, body.inputs, body.confirm_duplicates === 1);
      return { success: true, message: messages.savedSuccessfully, id };
    },
  };
}
