import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { TableAccess } from './permission-resolver';
import type { WriteValue } from './record-writer';
import type { EngineUser } from './types';

/** One generic write as a hook sees it: inside the write's transaction, before the rows are written. */
export interface RecordWriteContext {
  readonly trx: Kysely<Database>;
  readonly user: EngineUser;
  readonly access: TableAccess;
  readonly mode: 'insert' | 'update';
  /** The ids an update touches (empty for an insert). */
  readonly ids: readonly number[];
  /** The values about to be written; a hook may refuse (throw) or add server-set values. */
  readonly values: Map<string, WriteValue>;
  /**
   * An insert's names the caller gave (the form's or the file's); the other values came from defaults.
   * Left out: every value was given.
   */
  readonly given?: ReadonlySet<string>;
}

/**
 * A table's business rules plugged into the generic record engine (the way Twenty's query hooks are),
 * so inserts and edits of that table through /inline/save, /detail/save and /bulk/save all obey them and
 * the routes stay generic.
 */
export interface RecordHook {
  beforeWrite?(context: RecordWriteContext): Promise<void>;
  /** After an insert, in its transaction, with the new row's id (rules that need the row, e.g. lead assignment). */
  afterInsert?(context: RecordWriteContext, id: number): Promise<void>;
  /** Before rows are deleted, in the delete's transaction (a table may refuse some rows). */
  beforeDelete?(context: RecordDeleteContext): Promise<void>;
  /** After the write committed (a push to others, never part of the write): the rows written. */
  afterCommit?(context: RecordCommitContext): void;
}

/** A generic delete as `beforeDelete` sees it. */
export interface RecordDeleteContext {
  readonly trx: Kysely<Database>;
  readonly user: EngineUser;
  readonly access: TableAccess;
  readonly ids: readonly number[];
}

/** A committed generic write as `afterCommit` sees it. */
export interface RecordCommitContext {
  readonly user: EngineUser;
  readonly access: TableAccess;
  readonly mode: 'insert' | 'update';
  readonly ids: readonly number[];
}

export interface RecordHooks {
  /** Adds a hook for every registered table that reads `sourceTable` (aliases included). */
  register(sourceTable: string, hook: RecordHook): void;
  beforeWrite(context: RecordWriteContext): Promise<void>;
  afterCommit(context: RecordCommitContext): void;
  afterInsert(context: RecordWriteContext, id: number): Promise<void>;
  beforeDelete(context: RecordDeleteContext): Promise<void>;
}

export function createRecordHooks(): RecordHooks {
  const bySource = new Map<string, RecordHook[]>();
  return {
    register(sourceTable, hook) {
      bySource.set(sourceTable, [...(bySource.get(sourceTable) ?? []), hook]);
    },
    async beforeWrite(context) {
      for (const hook of bySource.get(context.access.table.sourceTable) ?? []) {
        await hook.beforeWrite?.(context);
      }
    },
    async afterInsert(context, id) {
      for (const hook of bySource.get(context.access.table.sourceTable) ?? []) {
        await hook.afterInsert?.(context, id);
      }
    },
    async beforeDelete(context) {
      for (const hook of bySource.get(context.access.table.sourceTable) ?? []) {
        await hook.beforeDelete?.(context);
      }
    },
    afterCommit(context) {
      for (const hook of bySource.get(context.access.table.sourceTable) ?? []) hook.afterCommit?.(context);
    },
  };
}
