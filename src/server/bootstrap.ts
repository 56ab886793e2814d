import { sql, type Kysely, type Transaction } from 'kysely';
import { OPTION_LIST_IDS } from '../shared/domain/constants';
import { format } from '../shared/i18n/messages';
import { bootstrapTexts } from '../shared/i18n/server-texts';
import type { Database } from './db/schema';
import { seedReferenceData } from './seed/reference-data';
import { hashPassword } from './modules/auth/passwords';

export interface FirstAdminEnv {
  CRM_ADMIN_EMAIL?: string;
  CRM_ADMIN_PASSWORD?: string;
  CRM_ADMIN_NAME?: string;
}

export type FirstAdminOutcome =
  | { status: 'users-exist' }
  | { status: 'created'; email: string; userId: number }
  | { status: 'not-configured' };

export const ADMIN_PASSWORD_MIN_LENGTH = 10;
export const ADMIN_GROUP_NAME = 'admin';
export const ADMIN_TEAM_NAME = bootstrapTexts.adminTeamName;

/** Lead detail tabs of docs/requirements.md#lead-workspace-and-work-screens, used when option list 130 (modules) has no values yet. */
export const DEFAULT_MODULES: readonly string[] = [
  'kisisel-bilgiler',
  'gorevler',
  'platformlar',
  'para-islemleri',
  'eslesen-kayitlar',
  'gecmis',
  'dosyalar',
  'anketler',
  '3-sahis-bilgileri',
  'notlar',
  'emailler',
];

/** Same constant on every node: two servers starting on an empty database create one admin, not two. */
const BOOTSTRAP_LOCK_KEY = 7_201_015;

/** Thrown for a bad CRM_ADMIN_* setting; the message is meant for the person installing the server. */
export class BootstrapConfigError extends Error {
  override name = 'BootstrapConfigError';
}

function readAdminEnv(env: FirstAdminEnv): { email: string; password: string; name: string } | null {
  const email = env.CRM_ADMIN_EMAIL?.trim() ?? '';
  const password = env.CRM_ADMIN_PASSWORD ?? '';
  if (!email && !password) return null;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new BootstrapConfigError(bootstrapTexts.adminEmailInvalid);
  }
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH) {
    throw new BootstrapConfigError(
      format(bootstrapTexts.adminPasswordTooShort, { min: ADMIN_PASSWORD_MIN_LENGTH }),
    );
  }
  return { email, password, name: env.CRM_ADMIN_NAME?.trim() || bootstrapTexts.adminDefaultName };
}

async function idOfNamed(
  trx: Transaction<Database>,
  table: 'teams' | 'user_groups',
  name: string,
): Promise<number> {
  const existing = await trx.selectFrom(table).select('id').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.id;
  const created = await trx.insertInto(table).values({ name }).returning('id').executeTakeFirstOrThrow();
  return created.id;
}

async function allModules(trx: Transaction<Database>): Promise<string[]> {
  const rows = await trx
    .selectFrom('option_values')
    .select('value')
    .where('list_id', '=', OPTION_LIST_IDS.modules)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.length > 0 ? rows.map((row) => row.value) : [...DEFAULT_MODULES];
}

/** Every flag and every field (null lists mean all fields) on every registered table. */
export async function grantFullPermissions(trx: Transaction<Database>, userGroupId: number): Promise<void> {
  const tables = await trx.selectFrom('crm_tables').select('table_name').execute();
  const modules = await allModules(trx);
  for (const { table_name } of tables) {
    const full = { show: 1, delete: 1, update: 1, excel_import: 1, excel_export: 1, modules };
    await trx
      .insertInto('permissions')
      .values({ user_group_id: userGroupId, table_name, ...full })
      .onConflict((conflict) => conflict.columns(['user_group_id', 'table_name']).doUpdateSet(full))
      .execute();
  }
}

/**
 * A production install (no demo data) gets its first administrator from CRM_ADMIN_EMAIL,
 * CRM_ADMIN_PASSWORD (at least 10 characters) and CRM_ADMIN_NAME, but only while no user exists:
 * later changes to those variables never touch existing accounts.
 */
export async function ensureFirstAdmin(
  db: Kysely<Database>,
  env: FirstAdminEnv = process.env,
): Promise<FirstAdminOutcome> {
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return { status: 'users-exist' };
  const admin = readAdminEnv(env);
  if (!admin) return { status: 'not-configured' };
  const passwordHash = await hashPassword(admin.password);
  return db.transaction().execute(async (trx): Promise<FirstAdminOutcome> => {
    await sql`SELECT pg_advisory_xact_lock(${BOOTSTRAP_LOCK_KEY})`.execute(trx);
    const raced = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (raced) return { status: 'users-exist' };
    const userGroupId = await idOfNamed(trx, 'user_groups', ADMIN_GROUP_NAME);
    const teamId = await idOfNamed(trx, 'teams', ADMIN_TEAM_NAME);
    const user = await trx
      .insertInto('users')
      .values({
        name: admin.name,
        email: admin.email,
        password_hash: passwordHash,
        department: 'admin',
        user_group_id: userGroupId,
        team_id: teamId,
        dahili: null,
        telegram_id: null,
        theme: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await grantFullPermissions(trx, userGroupId);
    return { status: 'created', email: admin.email, userId: user.id };
  });
}

/**
 * First start of a production install: the administrator first, then the table/field registry, then the
 * administrator's rights on it. This order matters: the reference seed creates demo accounts (with a
 * published password) whenever the users table is empty, which must never happen on a real install.
 */
export async function prepareProductionDatabase(
  db: Kysely<Database>,
  env: FirstAdminEnv = process.env,
): Promise<FirstAdminOutcome> {
  const outcome = await ensureFirstAdmin(db, env);
  if (outcome.status !== 'created') return outcome;
  await seedReferenceData(db);
  await db.transaction().execute(async (trx) => {
    const group = await trx
      .selectFrom('users')
      .select('user_group_id')
      .where('id', '=', outcome.userId)
      .executeTakeFirstOrThrow();
    await grantFullPermissions(trx, group.user_group_id);
  });
  return outcome;
}
