import { sql, type Kysely, type Transaction } from 'kysely';
import { PLATFORM_LOGIN_TITLE } from '../../shared/contract';
import { FILTER_TYPES } from '../../shared/domain/filters';
import { foldTurkish } from '../../shared/domain/turkish-fold';
import { messages } from '../../shared/i18n/messages';
import type { Database } from '../db/schema';
import { TASKS_MODULE } from '../modules/tasks/service';
import { FEMALE_NAMES, MALE_NAMES, PROVINCES } from './turkish-data';

/**
 * What every demo account finds on its first screen (see README.md#demo-accounts): reminders later today and this week, an
 * overdue and a completed one (so the calendar of this month and the drawer show every state), a
 * "Platform Girişi", favourite pages, saved favourite filters, tasks with subtasks and a journal on its
 * first leads. Everything is per account, never per lead, so a million leads cost no more than a
 * thousand. Dates are relative to the database clock at seed time.
 */

/** The accounts the demo data set created (demo logins and their colleagues). */
const DEMO_EMAIL_DOMAIN = '@demo.crm';
const REMITTERS_MODULE = '3-sahis-bilgileri';
/** Leads of an account's own scope that its reminders, tasks and journal are about. */
const LEADS_PER_ACCOUNT = 6;

/** A moment as seconds from the seed's "now", or a day ahead at a fixed time of day. */
type When = { readonly minutesFromNow: number } | { readonly daysAhead: number; readonly at: string };

interface ReminderPlan {
  readonly lead: number;
  readonly body: string;
  readonly when: When;
  /** 0 open, 1 done, 2 overdue (see docs/requirements.md#notification-and-list-states). */
  readonly completed: 0 | 1 | 2;
}

const REMINDERS: readonly ReminderPlan[] = [
  {
    lead: 0,
    body: 'Geri arama: yatırım planını birlikte gözden geçir.',
    when: { minutesFromNow: 40 },
    completed: 0,
  },
  { lead: 1, body: 'Hesap açılış belgelerini sor.', when: { minutesFromNow: 150 }, completed: 0 },
  {
    lead: 2,
    body: 'Kampanya koşullarını anlat, sorularını yanıtla.',
    when: { daysAhead: 1, at: '10:30' },
    completed: 0,
  },
  { lead: 3, body: 'Platform kurulumunda yardım et.', when: { daysAhead: 2, at: '14:00' }, completed: 0 },
  {
    lead: 4,
    body: 'Yatırım talimatının durumunu teyit et.',
    when: { daysAhead: 4, at: '11:15' },
    completed: 0,
  },
  // Due a few minutes ago and still open: the bell shows it, the drawer offers Tamamla.
  { lead: 2, body: 'Müşteri geri dönüş bekliyor, hemen ara.', when: { minutesFromNow: -10 }, completed: 0 },
  { lead: 5, body: 'Teklif e-postasının ardından ara.', when: { minutesFromNow: -26 * 60 }, completed: 2 },
  {
    lead: 1,
    body: 'Tanışma araması yapıldı, bilgi notu gönder.',
    when: { minutesFromNow: -50 * 60 },
    completed: 1,
  },
];

interface TaskPlan {
  readonly lead: number;
  readonly title: string;
  readonly description: string | null;
  readonly done: boolean;
  readonly subtasks: readonly { readonly title: string; readonly done: boolean }[];
}

const TASKS: readonly TaskPlan[] = [
  {
    lead: 0,
    title: 'Hesap açılış belgelerini tamamla',
    description: 'Kimlik ve adres belgesi gelmeden hesap açılamaz.',
    done: false,
    subtasks: [
      { title: 'Kimlik fotokopisi', done: true },
      { title: 'Adres belgesi', done: false },
      { title: 'İmzalı müşteri sözleşmesi', done: false },
    ],
  },
  {
    lead: 1,
    title: 'İlk yatırım görüşmesi',
    description: null,
    done: false,
    subtasks: [
      { title: 'Yatırım yöntemini belirle', done: true },
      { title: 'Ödeme bilgilerini ilet', done: false },
    ],
  },
  { lead: 2, title: 'Tanışma araması yap', description: null, done: true, subtasks: [] },
];

interface AccountRow {
  id: number;
  name: string;
  department: string;
  user_group_id: number;
}

interface LeadRow {
  id: number;
  name: string;
  status_id: number | null;
  email: string | null;
  created_at: string;
}

/** The plan's n-th lead; an account with fewer leads (a retention agent's few customers) reuses them. */
function pick(leads: readonly LeadRow[], index: number): LeadRow | undefined {
  return leads.length === 0 ? undefined : leads[index % leads.length];
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm:ss' read and written as a wall-clock time: no zone, as the database keeps it. */
function parseWall(text: string): number {
  return Date.parse(`${text.replace(' ', 'T')}Z`);
}

function formatWall(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(
    d.getUTCMinutes(),
  )}:00`;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Upcoming times round up to five minutes, as a person would set them. */
export function reminderStart(nowText: string, when: When): string {
  const now = parseWall(nowText);
  if ('minutesFromNow' in when) {
    const at = now + when.minutesFromNow * MINUTE;
    return formatWall(Math.ceil(at / (5 * MINUTE)) * 5 * MINUTE);
  }
  const day = new Date(now + when.daysAhead * DAY).toISOString().slice(0, 10);
  return `${day} ${when.at}:00`;
}

/** A moment `share` of the way from `from` to `to`. */
function between(from: string, to: string, share: number): string {
  const start = parseWall(from);
  return formatWall(start + Math.max(0, parseWall(to) - start) * share);
}

async function accountsToSeed(trx: Transaction<Database>): Promise<AccountRow[]> {
  // An account that already has notifications or favourites has been seeded (or used): left alone.
  return trx
    .selectFrom('users as u')
    .select(['u.id', 'u.name', 'u.department', 'u.user_group_id'])
    .where('u.active', '=', 1)
    .where('u.email', 'like', `%${DEMO_EMAIL_DOMAIN}`)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('notifications as n').select('n.id').whereRef('n.user_id', '=', 'u.id'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('favorites as f').select('f.id').whereRef('f.user_id', '=', 'u.id'))),
    )
    .orderBy('u.id')
    .execute();
}

/** The first leads the account may open: its own (sales, retention) or the oldest ones (everyone else). */
async function accountLeads(trx: Transaction<Database>, account: AccountRow): Promise<LeadRow[]> {
  let query = trx
    .selectFrom('leads')
    .select(['id', 'name', 'status_id', 'email', 'created_at'])
    .orderBy('id')
    .limit(LEADS_PER_ACCOUNT);
  if (account.department === 'sales') query = query.where('agent_id', '=', account.id);
  else if (account.department === 'retention') query = query.where('retention_id', '=', account.id);
  return query.execute();
}

async function seedReminders(
  trx: Transaction<Database>,
  account: AccountRow,
  leads: readonly LeadRow[],
  nowText: string,
): Promise<number> {
  let written = 0;
  for (const plan of REMINDERS) {
    const lead = pick(leads, plan.lead);
    if (!lead) continue;
    const start = reminderStart(nowText, plan.when);
    const past = start <= nowText;
    // The note was written before its reminder fell due (or now, for one ahead).
    const createdAt = past ? formatWall(parseWall(start) - 3 * 60 * MINUTE) : nowText;
    const note = await trx
      .insertInto('lead_notes')
      .values({
        lead_id: lead.id,
        body: plan.body,
        notification: 1,
        start,
        insert_agent_id: account.id,
        agent_name: account.name,
        agents: [account.id],
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('notifications')
      .values({
        user_id: account.id,
        lead_id: lead.id,
        lead_name: lead.name,
        title: messages.reminderTitle,
        body: plan.body,
        start,
        completed: plan.completed,
        completed_agent_name: plan.completed === 1 ? account.name : null,
        note_id: note.id,
        created_at: createdAt,
        // Past ones are history: the scheduler must not pop them up again at the next start.
        pushed_at: past ? start : null,
      })
      .execute();
    written += 1;
  }

  const first = leads[0];
  if (first) {
    // Information, not a task: it cannot be completed (see docs/requirements.md#notification-and-list-states).
    const start = reminderStart(nowText, { minutesFromNow: -25 });
    await trx
      .insertInto('notifications')
      .values({
        user_id: account.id,
        lead_id: first.id,
        lead_name: first.name,
        title: PLATFORM_LOGIN_TITLE,
        body: `${first.name} işlem platformuna giriş yaptı.`,
        start,
        completed: 0,
        created_at: start,
        pushed_at: start,
      })
      .execute();
    written += 1;
  }
  return written;
}

async function seedTasks(
  trx: Transaction<Database>,
  account: AccountRow,
  leads: readonly LeadRow[],
  nowText: string,
): Promise<number> {
  let written = 0;
  const insert = async (values: {
    title: string;
    description: string | null;
    parent_id: number;
    lead_id: number;
    done: boolean;
  }): Promise<number> => {
    const row = await trx
      .insertInto('tasks')
      .values({
        title: values.title,
        description: values.description,
        status: values.done ? 1 : 0,
        parent_id: values.parent_id,
        lead_id: values.lead_id,
        complete_date: values.done ? nowText : null,
        created_by: account.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('task_agents').values({ task_id: row.id, user_id: account.id }).execute();
    written += 1;
    return row.id;
  };
  for (const plan of TASKS) {
    const lead = pick(leads, plan.lead);
    if (!lead) continue;
    const parent = await insert({
      title: plan.title,
      description: plan.description,
      parent_id: 0,
      lead_id: lead.id,
      done: plan.done,
    });
    for (const subtask of plan.subtasks) {
      await insert({ ...subtask, description: null, parent_id: parent, lead_id: lead.id });
    }
  }
  return written;
}

/** Two earlier changes of each of the first leads, ending at the lead's current status. */
async function seedJournal(
  trx: Transaction<Database>,
  account: AccountRow,
  leads: readonly LeadRow[],
  statusIds: ReadonlyMap<string, number>,
  nowText: string,
): Promise<number> {
  const fresh = statusIds.get('Yeni');
  const callBack = statusIds.get('Tekrar Aranacak');
  if (fresh === undefined || callBack === undefined) return 0;
  const rows: { lead_id: number; agent_id: number; values: string; created_at: string }[] = [];
  type Change = { old: string | number | null; new: string | number | null };
  for (const lead of leads.slice(0, 3)) {
    const current = lead.status_id;
    // A lead still new has not moved yet; the others went new -> call back (-> where they are now).
    const moved = current !== null && current !== fresh;
    const first: Record<string, Change> = {};
    if (moved) first.status_id = { old: fresh, new: callBack };
    if (lead.email) first.email = { old: null, new: lead.email };
    if (Object.keys(first).length > 0) {
      rows.push({
        lead_id: lead.id,
        agent_id: account.id,
        values: JSON.stringify(first),
        created_at: between(lead.created_at, nowText, 0.3),
      });
    }
    if (moved && current !== callBack) {
      rows.push({
        lead_id: lead.id,
        agent_id: account.id,
        values: JSON.stringify({ status_id: { old: callBack, new: current } }),
        created_at: between(lead.created_at, nowText, 0.7),
      });
    }
  }
  if (rows.length > 0) await trx.insertInto('lead_journal').values(rows).execute();
  return rows.length;
}

/** A valid T.C. kimlik no (official check digits) from nine digits, the first not 0. */
export function demoTc(seed: number): string {
  const digits = String(100_000_000 + (Math.abs(seed * 7_919) % 900_000_000))
    .split('')
    .map(Number);
  const at = (index: number): number => digits[index] ?? 0;
  const odd = at(0) + at(2) + at(4) + at(6) + at(8);
  const even = at(1) + at(3) + at(5) + at(7);
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  const eleventh = (odd + even + tenth) % 10;
  return `${digits.join('')}${tenth}${eleventh}`;
}

/**
 * A third person (see docs/requirements.md#lead-money-task-and-report-data lead remitter) on the first lead, for groups with that tab: a relative of the
 * lead (same surname, living nearby), different for every account so a list of them reads as real data.
 */
async function seedRemitter(
  trx: Transaction<Database>,
  account: AccountRow,
  leads: readonly LeadRow[],
): Promise<number> {
  const lead = leads[0];
  if (!lead) return 0;
  const surname = lead.name.trim().split(/\s+/).at(-1) ?? 'Demir';
  const names = account.id % 2 === 0 ? FEMALE_NAMES : MALE_NAMES;
  const given = names[(account.id * 7 + lead.id) % names.length] ?? 'Mehmet';
  const province = PROVINCES[(account.id * 11 + lead.id) % PROVINCES.length];
  await trx
    .insertInto('lead_remitters')
    .values({
      lead_id: lead.id,
      agent_id: account.id,
      name: `${given} ${surname}`,
      tc: demoTc(account.id),
      city: province?.name ?? 'İstanbul',
      ilce: province?.districts[account.id % province.districts.length] ?? 'Merkez',
      email: `${foldTurkish(given)}.${foldTurkish(surname)}${account.id}@gmail.com`.replace(/\s+/g, ''),
      description: `${lead.name} adına havale yapacak yakını.`,
    })
    .execute();
  return 1;
}

interface GroupAccess {
  /** Tables the account's group may open. */
  readonly shown: ReadonlySet<string>;
  /** Lead-detail modules of its leads permission. */
  readonly modules: ReadonlySet<string>;
}

async function groupAccess(trx: Transaction<Database>, groupId: number): Promise<GroupAccess> {
  const rows = await trx
    .selectFrom('permissions')
    .select(['table_name', 'show', 'modules'])
    .where('user_group_id', '=', groupId)
    .execute();
  return {
    shown: new Set(rows.filter((row) => row.show === 1).map((row) => row.table_name)),
    modules: new Set(rows.find((row) => row.table_name === 'leads')?.modules ?? []),
  };
}

/** Favourite pages and saved filters, only of tables the account's group may open. */
async function seedFavorites(
  trx: Transaction<Database>,
  account: AccountRow,
  leads: readonly LeadRow[],
  statusIds: ReadonlyMap<string, number>,
  { shown }: GroupAccess,
): Promise<number> {
  const interested = statusIds.get('İlgileniyor');
  const pages: { title: string; url: string }[] = [];
  const first = leads[0];
  if (first) pages.push({ title: first.name, url: `/leadDetail/${first.id}` });
  if (shown.has('leads') && interested !== undefined) {
    pages.push({ title: 'İlgilenen leadler', url: `/list/leads?status_id=${interested}` });
  }
  if (shown.has('customers')) pages.push({ title: 'Müşteriler', url: '/list/customers' });
  if (shown.has('users')) pages.push({ title: 'Kullanıcılar', url: '/list/users' });
  if (pages.length > 0) {
    await trx
      .insertInto('favorites')
      .values(pages.map((page) => ({ user_id: account.id, ...page })))
      .execute();
  }

  const hot = ['İlgileniyor', 'Tekrar Aranacak', 'Yatırım Bekleniyor']
    .map((label) => statusIds.get(label))
    .filter((id): id is number => id !== undefined)
    .map(String);
  const filters: { name: string; filters: unknown[] }[] = [];
  if (hot.length > 0) {
    filters.push({
      name: 'Sıcak leadler',
      filters: [{ name: 'status_id', type: FILTER_TYPES.multipleChoice, value: hot }],
    });
  }
  filters.push({
    name: 'Google kaynaklı',
    filters: [{ name: 'utm_source', type: FILTER_TYPES.equal, value: 'google' }],
  });
  if (!shown.has('leads')) return pages.length;
  await trx
    .insertInto('favorite_filters')
    .values(
      filters.map((filter) => ({
        user_id: account.id,
        table_name: 'leads',
        name: filter.name,
        filters: JSON.stringify(filter.filters),
      })),
    )
    .onConflict((conflict) => conflict.columns(['user_id', 'table_name', 'name']).doNothing())
    .execute();
  return pages.length + filters.length;
}

export interface AgentWorkspaceResult {
  /** Accounts that got their workspace in this run (0 when every one already had it). */
  readonly accounts: number;
  readonly notifications: number;
  readonly tasks: number;
  readonly journal: number;
  readonly favorites: number;
  readonly remitters: number;
}

/**
 * Seeds the workspace of every demo account that has none yet; one transaction, a few statements per
 * account. Rerunning leaves seeded (or used) accounts alone.
 */
export async function seedAgentWorkspaces(db: Kysely<Database>): Promise<AgentWorkspaceResult> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('crm-seed-agent-workspaces'))`.execute(trx);
    const { rows } = await sql<{ now: string }>`select localtimestamp(0)::text as now`.execute(trx);
    const nowText = rows[0]?.now;
    if (nowText === undefined) throw new Error('seedAgentWorkspaces: could not read the database clock');
    const statuses = await trx.selectFrom('lead_statuses').select(['id', 'label']).execute();
    const statusIds = new Map(statuses.map((status) => [status.label, status.id]));

    const result = { accounts: 0, notifications: 0, tasks: 0, journal: 0, favorites: 0, remitters: 0 };
    const noted = new Set<number>();
    for (const account of await accountsToSeed(trx)) {
      const leads = await accountLeads(trx, account);
      for (const lead of leads) noted.add(lead.id);
      result.accounts += 1;
      result.notifications += await seedReminders(trx, account, leads, nowText);
      const access = await groupAccess(trx, account.user_group_id);
      // Tasks live in the lead detail's Görevler tab: only for groups that have it.
      if (access.modules.has(TASKS_MODULE)) result.tasks += await seedTasks(trx, account, leads, nowText);
      result.journal += await seedJournal(trx, account, leads, statusIds, nowText);
      if (access.modules.has(REMITTERS_MODULE)) result.remitters += await seedRemitter(trx, account, leads);
      result.favorites += await seedFavorites(trx, account, leads, statusIds, access);
    }
    if (noted.size > 0) {
      // The leads' own "last note" dates follow the notes just written.
      await sql`update leads l set last_note_date = n.last
        from (select lead_id, max(created_at) as last from lead_notes
              where lead_id = any(${[...noted]}::int[]) group by lead_id) n
        where l.id = n.lead_id`.execute(trx);
    }
    return result;
  });
}
