import type { Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/schema';
import { hashPassword } from '../../../src/server/modules/auth/passwords';

export interface TestUser {
  id: number;
  email: string;
  password: string;
  user_group_id: number;
  team_id: number;
}

export interface CreateUserInput {
  email: string;
  password?: string;
  name?: string;
  active?: number;
  group?: string;
  team?: string;
  department?: 'admin' | 'sales_manager' | 'finance' | 'risk' | 'sales' | 'retention';
}

async function idOf(db: Kysely<Database>, table: 'teams' | 'user_groups', name: string): Promise<number> {
  const found = await db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirst();
  if (found) return found.id;
  return (await db.insertInto(table).values({ name }).returning('id').executeTakeFirstOrThrow()).id;
}

/** A user written straight into the database, with a real argon2id hash. */
export async function createUser(db: Kysely<Database>, input: CreateUserInput): Promise<TestUser> {
  const password = input.password ?? 'Dogru.Sifre.2026';
  const user_group_id = await idOf(db, 'user_groups', input.group ?? 'Satış');
  const team_id = await idOf(db, 'teams', input.team ?? 'Satış İstanbul');
  const row = await db
    .insertInto('users')
    .values({
      name: input.name ?? 'Ayşe Yılmaz',
      email: input.email,
      password_hash: await hashPassword(password),
      department: input.department ?? 'sales',
      user_group_id,
      team_id,
      dahili: '1005',
      telegram_id: null,
      theme: 'dark',
      active: input.active ?? 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email: input.email, password, user_group_id, team_id };
}

/** Registers the leads table and gives `userGroupId` the modules on it. */
export async function grantLeadModules(
  db: Kysely<Database>,
  userGroupId: number,
  modules: string[],
): Promise<void> {
  await db
    .insertInto('crm_tables')
    .values({ table_name: 'leads', source_table: 'leads', name: 'Leads', icon: null, location: 1, url: null })
    .onConflict((conflict) => conflict.column('table_name').doNothing())
    .execute();
  await db
    .insertInto('permissions')
    .values({ user_group_id: userGroupId, table_name: 'leads', show: 1, modules })
    .execute();
}
