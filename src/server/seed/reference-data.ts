import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { DEPARTMENTS, MENU_LOCATIONS, OPTION_LIST_IDS, type Department } from '../../shared/domain/constants';
import { foldTurkish } from '../../shared/domain/turkish-fold';
import { departmentLabels } from '../../shared/i18n/messages';
import type { CrmFieldsTable, Database, PermissionsTable } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { seedLeadDetailTemplates } from './lead-detail-data';
import { addMissingOptionLists } from './option-list-additions';
import { addMissingRegistryTables } from './registry-additions';
import {
  seedTransactionFlows,
  TRANSACTION_FIELDS_BY_TABLE,
  TRANSACTION_TABLE_NAMES,
  TRANSACTION_TABLES,
  transactionPermission,
} from './transaction-data';
import { WORK_SCREENS, workScreenPermission } from './work-screens';
import { DEFAULT_CALL_PERIOD_DAYS } from '../db/migrations/016-work-management';
import {
  COUNTRIES,
  FEMALE_NAMES,
  LEAD_STATUSES,
  MALE_NAMES,
  NEW_STATUS_LABEL,
  OCCUPATIONS,
  SURNAMES,
} from './turkish-data';

/** Password of every demo account; printed by the seed CLI and used by the e2e tests. */
export const DEMO_PASSWORD = 'Demo.2026';

export const TEAM_NAMES = {
  management: 'Yönetim',
  salesIstanbul: 'Satış İstanbul',
  salesAnkara: 'Satış Ankara',
  salesIzmir: 'Satış İzmir',
  retention: 'Retention',
  finance: 'Finans',
  risk: 'Risk',
} as const;

/** Teams whose agents work new leads; the lead generator spreads leads over them. */
export const SALES_TEAM_NAMES: readonly string[] = [
  TEAM_NAMES.salesIstanbul,
  TEAM_NAMES.salesAnkara,
  TEAM_NAMES.salesIzmir,
];

/** One user group per department; permissions are granted per group. */
export const GROUP_BY_DEPARTMENT: Readonly<Record<Department, string>> = {
  admin: 'Yönetici',
  sales_manager: 'Satış Müdürü',
  finance: 'Finans',
  risk: 'Risk',
  sales: 'Satış',
  retention: 'Retention',
};

export interface DemoAccount {
  readonly email: string;
  readonly name: string;
  readonly department: Department;
  readonly team: string;
  readonly dahili: string;
}

/** Fixed accounts the e2e and permission tests log in with (password DEMO_PASSWORD). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'admin@demo.crm',
    name: 'Kemal Aksoy',
    department: 'admin',
    team: TEAM_NAMES.management,
    dahili: '1001',
  },
  {
    email: 'sales_manager@demo.crm',
    name: 'Selin Korkmaz',
    department: 'sales_manager',
    team: TEAM_NAMES.management,
    dahili: '1002',
  },
  {
    email: 'finance@demo.crm',
    name: 'Burcu Tekin',
    department: 'finance',
    team: TEAM_NAMES.finance,
    dahili: '1003',
  },
  { email: 'risk@demo.crm', name: 'Tolga Ünal', department: 'risk', team: TEAM_NAMES.risk, dahili: '1004' },
  {
    email: 'sales@demo.crm',
    name: 'Emre Şahin',
    department: 'sales',
    team: TEAM_NAMES.salesIstanbul,
    dahili: '1005',
  },
  {
    email: 'sales2@demo.crm',
    name: 'Derya Aydın',
    department: 'sales',
    team: TEAM_NAMES.salesAnkara,
    dahili: '1006',
  },
  {
    email: 'retention@demo.crm',
    name: 'Gizem Yıldırım',
    department: 'retention',
    team: TEAM_NAMES.retention,
    dahili: '1007',
  },
];

/** Extra agents per team, on top of the demo accounts, so option list 15 and assignments look lived-in. */
const EXTRA_AGENTS: readonly {
  readonly team: string;
  readonly department: Department;
  readonly count: number;
}[] = [
  { team: TEAM_NAMES.salesIstanbul, department: 'sales', count: 13 },
  { team: TEAM_NAMES.salesAnkara, department: 'sales', count: 11 },
  { team: TEAM_NAMES.salesIzmir, department: 'sales', count: 10 },
  { team: TEAM_NAMES.retention, department: 'retention', count: 6 },
];

/** Lead-detail modules of option list 130, in tab order (see docs/requirements.md#lead-workspace-and-work-screens). */
export const MODULES: readonly { readonly value: string; readonly label: string }[] = [
  { value: 'kisisel-bilgiler', label: 'Kişisel Bilgiler' },
  { value: 'gorevler', label: 'Görevler' },
  { value: 'platformlar', label: 'Platformlar' },
  { value: 'para-islemleri', label: 'Para Yatırma/Çekme' },
  { value: 'eslesen-kayitlar', label: 'Eşleşen Kayıtlar' },
  { value: 'gecmis', label: 'Geçmiş' },
  { value: 'dosyalar', label: 'Dosyalar' },
  { value: 'anketler', label: 'Anketler' },
  { value: '3-sahis-bilgileri', label: '3. Şahıs Bilgileri' },
  { value: 'notlar', label: 'Notlar' },
  { value: 'emailler', label: 'E-Mailler' },
];
const ALL_MODULES = MODULES.map((module) => module.value);

/** Option list 146. The spec fixes only the ids (1, 2, 5, 14, 16 and the tab groups); the names are ours. */
const TRANSACTION_STATUSES: readonly string[] = [
  'Yeni Talep',
  'Yatırım Talimatı Verildi',
  'Hesap Bilgisi Gönderildi',
  'Finans İptal Etti',
  'Çekim Talebi',
  'Kredi Kartı Ödemesi Bekleniyor',
  'Finans Reddetti',
  'Risk İptal Etti',
  'Beklemede',
  'Müşteri Vazgeçti',
  'İnceleniyor',
  'Yatırım Tamamlandı',
  'Risk Reddetti',
  'Finans Onayladı',
  'Ödeme Gönderildi',
  'Risk Onayladı',
];

interface OptionListSeed {
  readonly id: number;
  readonly name: string;
  readonly source: 'values' | 'users' | 'teams' | 'user_groups' | 'lead_statuses' | 'email_templates';
  readonly values?: readonly { readonly value: string; readonly label: string }[];
}

const byIndex = (labels: readonly string[]) =>
  labels.map((label, index) => ({ value: String(index + 1), label }));

/** users.department shows and picks Turkish names; the stored value stays the code (see docs/requirements.md#departments-and-permissions). */
export const DEPARTMENT_OPTION_LIST: OptionListSeed = {
  id: OPTION_LIST_IDS.departments,
  name: 'Departmanlar',
  source: 'values',
  values: DEPARTMENTS.map((code) => ({ value: code, label: departmentLabels[code] })),
};

/** Every option list id the specs name (see docs/requirements.md#records-notes-and-settings, docs/requirements.md#lead-money-task-and-report-data and #constants-and-limits), and our departments list. */
const OPTION_LISTS: readonly OptionListSeed[] = [
  { id: OPTION_LIST_IDS.agents, name: 'Temsilciler', source: 'users' },
  { id: OPTION_LIST_IDS.leadStatuses, name: 'Lead Durumları', source: 'lead_statuses' },
  { id: OPTION_LIST_IDS.userGroups, name: 'Kullanıcı Grupları', source: 'user_groups' },
  // docs/requirements.md#lead-money-task-and-report-data names list 32 as an agent selector: same source as 15.
  { id: OPTION_LIST_IDS.agentSelector, name: 'Temsilci Seçimi', source: 'users' },
  {
    id: OPTION_LIST_IDS.countries,
    name: 'Ülkeler',
    source: 'values',
    values: byIndex(COUNTRIES.map((country) => country.name)),
  },
  { id: OPTION_LIST_IDS.teams, name: 'Takımlar', source: 'teams' },
  {
    id: OPTION_LIST_IDS.fileCategories,
    name: 'Dosya Kategorileri',
    source: 'values',
    values: byIndex(['Kimlik', 'Dekont', 'Adres Belgesi', 'Diğer']),
  },
  // Labels come from the email_templates table (subject and body live there too): lead-detail-data.ts.
  { id: OPTION_LIST_IDS.emailTemplates, name: 'E-posta Şablonları', source: 'email_templates' },
  { id: OPTION_LIST_IDS.modules, name: 'Modüller', source: 'values', values: MODULES },
  { id: OPTION_LIST_IDS.occupations, name: 'Meslekler', source: 'values', values: byIndex(OCCUPATIONS) },
  {
    id: OPTION_LIST_IDS.transactionStatuses,
    name: 'İşlem Durumları',
    source: 'values',
    values: byIndex(TRANSACTION_STATUSES),
  },
  {
    id: OPTION_LIST_IDS.currencies,
    name: 'Para Birimleri',
    source: 'values',
    // Ids are fixed by the spec: 1 is the default currency, 6 the default bank currency (TRY).
    values: [
      { value: '1', label: 'USD' },
      { value: '2', label: 'EUR' },
      { value: '3', label: 'GBP' },
      { value: '4', label: 'CHF' },
      { value: '5', label: 'USDT' },
      { value: '6', label: 'TRY' },
    ],
  },
  {
    id: OPTION_LIST_IDS.whitelabels,
    name: 'Whitelabel',
    source: 'values',
    values: byIndex(['Ana Marka', 'Yatırım Plus', 'Global Trade TR']),
  },
  {
    id: OPTION_LIST_IDS.gateways,
    name: 'Ödeme Yöntemleri',
    source: 'values',
    // Gateway ids are fixed by the spec (1 IBAN, 2 card, 5 wallet); 3 and 4 are unused on purpose.
    values: [
      { value: '1', label: 'Banka Havalesi' },
      { value: '2', label: 'Kredi Kartı' },
      { value: '5', label: 'Kripto Cüzdan' },
    ],
  },
  DEPARTMENT_OPTION_LIST,
];

interface CrmTableSeed {
  readonly table_name: string;
  readonly source_table: string;
  readonly base_filter: string | null;
  readonly name: string;
  readonly icon: string;
  readonly location: number;
  readonly url: string | null;
}

/** The table registry: location 1 main menu, 2 account admin, 3 sales-process admin, 4 reports. */
export const CRM_TABLES: readonly CrmTableSeed[] = [
  {
    table_name: 'leads',
    source_table: 'leads',
    base_filter: null,
    name: 'Leadler',
    icon: 'people',
    location: MENU_LOCATIONS.main,
    url: null,
  },
  {
    table_name: 'customers',
    source_table: 'leads',
    base_filter: 'is_customer = 1',
    name: 'Müşteriler',
    icon: 'dollar',
    location: MENU_LOCATIONS.main,
    url: null,
  },
  {
    table_name: 'lead_notes',
    source_table: 'lead_notes',
    // Chat messages are notes too (note_status_id 7): they belong to the chat screen, never to this list.
    base_filter: 'note_status_id is null or note_status_id <> 7',
    name: 'Notlar',
    icon: 'annotation',
    location: MENU_LOCATIONS.main,
    url: null,
  },
  {
    table_name: 'lead_remitters',
    source_table: 'lead_remitters',
    base_filter: null,
    name: '3. Şahıslar',
    icon: 'person',
    location: MENU_LOCATIONS.main,
    url: null,
  },
  {
    table_name: 'users',
    source_table: 'users',
    base_filter: null,
    name: 'Kullanıcılar',
    icon: 'user',
    location: MENU_LOCATIONS.accountManagement,
    url: null,
  },
  {
    table_name: 'user_groups',
    source_table: 'user_groups',
    base_filter: null,
    name: 'Kullanıcı Grupları',
    icon: 'key',
    location: MENU_LOCATIONS.accountManagement,
    url: null,
  },
  {
    table_name: 'teams',
    source_table: 'teams',
    base_filter: null,
    name: 'Takımlar',
    icon: 'team',
    location: MENU_LOCATIONS.accountManagement,
    url: null,
  },
  {
    table_name: 'lead_statuses',
    source_table: 'lead_statuses',
    base_filter: null,
    name: 'Lead Durumları',
    icon: 'tag',
    location: MENU_LOCATIONS.salesProcess,
    url: null,
  },
  {
    // What a note's note_status_id names: read by every client (a detail table, POST /table without a body).
    table_name: 'lead_note_statuses',
    source_table: 'lead_note_statuses',
    base_filter: null,
    name: 'Not Durumları',
    icon: 'annotation',
    location: MENU_LOCATIONS.salesProcess,
    url: null,
  },
  {
    table_name: 'permissions',
    source_table: 'permissions',
    base_filter: null,
    name: 'Yetkiler',
    icon: 'shield',
    location: MENU_LOCATIONS.accountManagement,
    url: null,
  },
  {
    table_name: 'crm_tables',
    source_table: 'crm_tables',
    base_filter: null,
    name: 'Menü Tabloları',
    icon: 'th-list',
    location: MENU_LOCATIONS.salesProcess,
    url: null,
  },
  {
    table_name: 'email_templates',
    source_table: 'email_templates',
    base_filter: null,
    name: 'E-posta Şablonları',
    icon: 'envelope',
    location: MENU_LOCATIONS.salesProcess,
    url: null,
  },
  {
    table_name: 'tasks_templates',
    source_table: 'tasks_templates',
    base_filter: null,
    name: 'Görev Şablonları',
    icon: 'properties',
    location: MENU_LOCATIONS.salesProcess,
    url: null,
  },
  {
    // The values of the option lists (file categories, currencies, whitelabels, gateways...), docs/admin-guide.md.
    table_name: 'option_values',
    source_table: 'option_values',
    base_filter: null,
    name: 'Seçenek Listeleri',
    icon: 'list-detail-view',
    location: MENU_LOCATIONS.salesProcess,
    url: null,
  },
  {
    table_name: 'report_utm',
    source_table: 'leads',
    base_filter: null,
    name: 'Utm Raporu',
    icon: 'timeline-bar-chart',
    location: MENU_LOCATIONS.reports,
    url: 'report/utm',
  },
  {
    table_name: 'report_agent',
    source_table: 'leads',
    base_filter: null,
    name: 'Temsilci Raporu',
    icon: 'people',
    location: MENU_LOCATIONS.reports,
    url: 'report/agent',
  },
  {
    // The report builder (/reports, docs/user-guide.md#reports): its permission row opens the screen and its calls.
    table_name: 'report_builder',
    source_table: 'saved_reports',
    base_filter: null,
    name: 'Raporlar',
    icon: 'chart',
    location: MENU_LOCATIONS.reports,
    url: 'reports',
  },
  {
    table_name: 'report_first_fund',
    source_table: 'leads',
    base_filter: null,
    name: 'İlk Yatırım Grafiği',
    icon: 'pie-chart',
    location: MENU_LOCATIONS.reports,
    url: 'piechart/firstFund',
  },
  {
    table_name: 'report_monthly',
    source_table: 'leads',
    base_filter: null,
    name: 'Aylık Rapor',
    icon: 'calendar',
    location: MENU_LOCATIONS.reports,
    url: 'report/monthly',
  },
  {
    // Managers and admins only (the default permission): who schedules the e-mails and sees their failures.
    table_name: 'report_periodic',
    source_table: 'leads',
    base_filter: null,
    name: 'Periyodik Raporlar',
    icon: 'envelope',
    location: MENU_LOCATIONS.reports,
    url: 'report/periodic',
  },
  {
    table_name: 'lead_platforms',
    source_table: 'lead_platforms',
    base_filter: null,
    name: 'Platform Hesapları',
    icon: 'bank-account',
    location: MENU_LOCATIONS.main,
    url: null,
  },
  {
    // The chat screen (see docs/requirements.md#shell-lists-and-chat /chat); its permission row says who has it and who manages channels.
    table_name: 'chat',
    source_table: 'chat_channels',
    base_filter: null,
    name: 'Sohbet',
    icon: 'chat',
    location: MENU_LOCATIONS.main,
    url: 'chat',
  },
  ...TRANSACTION_TABLES,
  // Work management screens (see docs/user-guide.md#tasks-call-periods-rules-offers-and-surveys): menu entries with a url open their screen, never a list.
  ...WORK_SCREENS,
];

type FieldSeed = Omit<Insertable<CrmFieldsTable>, 'table_name' | 'sort' | 'id'>;

const CATEGORY = {
  personal: 'Kişisel Bilgiler',
  sales: 'Satış',
  investment: 'Yatırım',
  system: 'Sistem',
  note: 'Not',
  account: 'Hesap',
} as const;

const OPTION = OPTION_LIST_IDS;

const f = (
  name: string,
  display_name: string,
  component: string,
  category: string,
  extra: Partial<Pick<FieldSeed, 'option_list_id' | 'show_insert' | 'search_column'>> = {},
): FieldSeed => ({ name, display_name, component, category, ...extra });

/**
 * Lead fields, shared by the leads and customers entries (both read table leads). The first six are the
 * spec's default columns (see docs/requirements.md#constants-and-limits), so their sort keeps them in front.
 */
const LEAD_FIELDS: readonly FieldSeed[] = [
  f('id', 'ID', 'id', CATEGORY.system),
  f('name', 'Ad Soyad', 'name', CATEGORY.personal, { show_insert: 1, search_column: 'name_folded' }),
  f('status_id', 'Durum', 'leadStatus', CATEGORY.sales, {
    option_list_id: OPTION.leadStatuses,
    show_insert: 1,
  }),
  f('agent_id', 'Temsilci', 'selectbox', CATEGORY.sales, { option_list_id: OPTION.agents, show_insert: 1 }),
  f('utm_source', 'Kaynak (UTM)', 'string', CATEGORY.sales, { show_insert: 1 }),
  f('team_id', 'Takım', 'selectbox', CATEGORY.sales, { option_list_id: OPTION.teams }),
  f('phone', 'Telefon', 'string', CATEGORY.personal, { show_insert: 1 }),
  f('phone_2', 'Telefon 2', 'string', CATEGORY.personal),
  f('mobile', 'Cep Telefonu', 'string', CATEGORY.personal),
  f('email', 'E-posta', 'email', CATEGORY.personal, { show_insert: 1 }),
  f('city', 'İl', 'string', CATEGORY.personal, { show_insert: 1 }),
  f('ilce', 'İlçe', 'string', CATEGORY.personal),
  f('address', 'Adres', 'textField', CATEGORY.personal),
  f('country_id', 'Ülke', 'selectbox', CATEGORY.personal, { option_list_id: OPTION.countries }),
  // Masked in lists until clicked: a national id is not for every passer-by's eyes.
  f('tc', 'TC Kimlik No', 'clickShow', CATEGORY.personal),
  f('birthday', 'Doğum Tarihi', 'birthday', CATEGORY.personal),
  f('occupation_id', 'Meslek', 'selectbox', CATEGORY.personal, { option_list_id: OPTION.occupations }),
  f('utm_campaign', 'Kampanya (UTM)', 'string', CATEGORY.sales),
  f('is_customer', 'Müşteri', 'status', CATEGORY.sales),
  f('retention_id', 'Retention Temsilcisi', 'selectbox', CATEGORY.sales, { option_list_id: OPTION.agents }),
  f('retention_md_id', 'Retention Müdürü', 'selectbox', CATEGORY.sales, { option_list_id: OPTION.agents }),
  f('customer_set_date', 'Müşteri Olma Tarihi', 'date', CATEGORY.sales),
  f('first_deposit_at', 'İlk Yatırım Tarihi', 'date', CATEGORY.investment),
  f('last_deposit_at', 'Son Yatırım Tarihi', 'date', CATEGORY.investment),
  f('first_fund_date', 'İlk Fon Tarihi', 'date', CATEGORY.investment),
  f('balance', 'Bakiye', 'double', CATEGORY.investment),
  f('created_at', 'Kayıt Tarihi', 'date', CATEGORY.system),
  f('updated_at', 'Güncellenme Tarihi', 'date', CATEGORY.system),
  f('last_activity', 'Son İşlem Tarihi', 'date', CATEGORY.system),
  f('last_note_date', 'Son Not Tarihi', 'date', CATEGORY.system),
];

const NOTE_FIELDS: readonly FieldSeed[] = [
  f('id', 'ID', 'id', CATEGORY.system),
  f('lead_id', 'Lead', 'lead_id', CATEGORY.note, { show_insert: 1 }),
  f('body', 'Not', 'textField', CATEGORY.note, { show_insert: 1 }),
  f('agent_name', 'Temsilci Adı', 'string', CATEGORY.note),
  f('insert_agent_id', 'Ekleyen Temsilci', 'selectbox', CATEGORY.note, { option_list_id: OPTION.agents }),
  f('quality', 'Kalite', 'integer', CATEGORY.note, { show_insert: 1 }),
  f('notification', 'Bildirim', 'status', CATEGORY.note),
  f('minute', 'Dakika', 'integer', CATEGORY.note),
  f('start', 'Başlangıç', 'date', CATEGORY.note),
  f('end', 'Bitiş', 'date', CATEGORY.note),
  f('channel_id', 'Kanal', 'integer', CATEGORY.system),
  f('note_status_id', 'Not Durumu', 'integer', CATEGORY.system),
  f('created_at', 'Kayıt Tarihi', 'date', CATEGORY.system),
];

/** Third parties of a lead (see docs/requirements.md#lead-money-task-and-report-data Lead remitter); tc is required by the server (see docs/requirements.md#money-importer-and-lead-input). */
const REMITTER_FIELDS: readonly FieldSeed[] = [
  f('id', 'ID', 'id', CATEGORY.system),
  f('lead_id', 'Lead', 'leadDetailModal', CATEGORY.personal, { show_insert: 1 }),
  f('name', 'Ad Soyad', 'string', CATEGORY.personal, { show_insert: 1 }),
  f('tc', 'TC Kimlik No', 'string', CATEGORY.personal, { show_insert: 1 }),
  f('city', 'İl', 'string', CATEGORY.personal, { show_insert: 1 }),
  f('ilce', 'İlçe', 'string', CATEGORY.personal, { show_insert: 1 }),
  f('email', 'E-posta', 'email', CATEGORY.personal, { show_insert: 1 }),
  f('description', 'Açıklama', 'textField', CATEGORY.personal, { show_insert: 1 }),
  f('agent_id', 'Ekleyen Temsilci', 'selectbox', CATEGORY.system, { option_list_id: OPTION.agents }),
  f('created_at', 'Kayıt Tarihi', 'date', CATEGORY.system),
];

/** A customer's trading-platform accounts (see docs/requirements.md#lead-money-task-and-report-data Lead platform); opened by /mt5/createPlatform. */
const PLATFORM_FIELDS: readonly FieldSeed[] = [
  f('id', 'ID', 'id', CATEGORY.system),
  f('customer_id', 'Müşteri', 'leadDetailModal', CATEGORY.investment),
  f('login', 'Login', 'string', CATEGORY.investment),
  f('type', 'Tür', 'string', CATEGORY.investment),
  f('whitelabel_id', 'Whitelabel', 'selectbox', CATEGORY.investment, { option_list_id: OPTION.whitelabels }),
  f('agent_id', 'Açan Temsilci', 'selectbox', CATEGORY.system, { option_list_id: OPTION.agents }),
  f('created_at', 'Kayıt Tarihi', 'date', CATEGORY.system),
];

/**
 * password_hash is registered as a password component, which the engine never lists, reads, exports or
 * writes; only a new user's insert form takes it, and the server hashes it (modules/auth/password-inputs.ts).
 */
const USER_FIELDS: readonly FieldSeed[] = [
  f('id', 'ID', 'id', CATEGORY.system),
  f('name', 'Ad Soyad', 'string', CATEGORY.account, { show_insert: 1 }),
  f('email', 'E-posta', 'email', CATEGORY.account, { show_insert: 1 }),
  f('password_hash', 'Şifre', 'password', CATEGORY.account, { show_insert: 1 }),
  f('department', 'Departman', 'selectbox', CATEGORY.account, {
    option_list_id: OPTION.departments,
    show_insert: 1,
  }),
  f('user_group_id', 'Kullanıcı Grubu', 'selectbox', CATEGORY.account, {
    option_list_id: OPTION.userGroups,
    show_insert: 1,
  }),
  f('team_id', 'Takım', 'selectbox', CATEGORY.account, { option_list_id: OPTION.teams, show_insert: 1 }),
  f('dahili', 'Dahili', 'string', CATEGORY.account, { show_insert: 1 }),
  f('telegram_id', 'Telegram ID', 'string', CATEGORY.account),
  f('active', 'Aktif', 'status', CATEGORY.account),
  f('created_at', 'Kayıt Tarihi', 'date', CATEGORY.system),
];

const TEAM_FIELDS: readonly FieldSeed[] = [
  f('id', 'ID', 'id', CATEGORY.system),
  f('name', 'Takım Adı', 'string', CATEGORY.account, { show_insert: 1 }),
];

const USER_GROUP_FIELDS: readonly FieldSeed[] = [
  f('id', 'ID', 'id', CATEGORY.system),
  f('name', 'Grup Adı', 'string', CATEGORY.account, { show_insert: 1 }),
];

const LEAD_STATUS_FIELDS: readonly FieldSeed[] = [
  f('id', 'ID', 'id', CATEGORY.system),
  f('label', 'Durum Adı', 'string', CATEGORY.sales, { show_insert: 1 }),
  f('background', 'Arka Plan Rengi', 'color', CATEGORY.sales, { show_insert: 1 }),
  f('color', 'Yazı Rengi', 'color', CATEGORY.sales, { show_insert: 1 }),
  f('sort', 'Sıra', 'integer', CATEGORY.sales),
  // The status new leads get (one at most; see docs/workflows.md#ownership-and-assignment).
  f('is_default', 'Yeni Kayıtların Durumu', 'status', CATEGORY.sales),
];

const NOTE_STATUS_FIELDS: readonly FieldSeed[] = [
  f('id', 'ID', 'id', CATEGORY.system),
  f('name', 'Durum Adı', 'string', CATEGORY.note, { show_insert: 1 }),
  f('background', 'Arka Plan Rengi', 'color', CATEGORY.note, { show_insert: 1 }),
  f('color', 'Yazı Rengi', 'color', CATEGORY.note, { show_insert: 1 }),
  f('sort', 'Sıra', 'integer', CATEGORY.note),
];

/** Group permissions (admins only): the field lists and modules open in the permission modal. */
const PERMISSION_FIELDS: readonly FieldSeed[] = [
  f('id', 'ID', 'id', CATEGORY.system),
  f('user_group_id', 'Kullanıcı Grubu', 'selectbox', CATEGORY.account, { option_list_id: OPTION.userGroups }),
  f('table_name', 'Tablo', 'string', CATEGORY.account),
  f('show', 'Göster', 'status', CATEGORY.account),
  f('update', 'Güncelle', 'status', CATEGORY.account),
  f('delete', 'Sil', 'status', CATEGORY.account),
  f('excel_import', 'Excel Yükle', 'status', CATEGORY.account),
  f('excel_export', "Excel'e Aktar", 'status', CATEGORY.account),
  f('modules', 'Modüller', 'permissionModal', CATEGORY.account),
  f('list_fields', 'Liste Alanları', 'permissionModal', CATEGORY.account),
  f('read_fields', 'Okuma Alanları', 'permissionModal', CATEGORY.account),
  f('write_fields', 'Yazma Alanları', 'permissionModal', CATEGORY.account),
  f('extra_sql', 'Ek Kısıtlama', 'string', CATEGORY.account),
];

/** The menu's tables (see docs/requirements.md#records-notes-and-settings Menu table definition); source_table and base_filter stay unregistered. */
const CRM_TABLE_FIELDS: readonly FieldSeed[] = [
  f('id', 'ID', 'id', CATEGORY.system),
  f('table_name', 'Tablo Kodu', 'string', CATEGORY.system),
  f('name', 'Menü Adı', 'string', CATEGORY.system),
  f('icon', 'Simge', 'icon', CATEGORY.system),
  f('location', 'Konum', 'integer', CATEGORY.system),
  f('url', 'Sayfa Adresi', 'string', CATEGORY.system),
  f('sort', 'Sıra', 'integer', CATEGORY.system),
];

const EMAIL_TEMPLATE_FIELDS: readonly FieldSeed[] = [
  f('id', 'ID', 'id', CATEGORY.system),
  f('name', 'Şablon Adı', 'string', CATEGORY.sales, { show_insert: 1 }),
  f('subject', 'Konu', 'string', CATEGORY.sales, { show_insert: 1 }),
  // Several paragraphs: the list shows the start, the whole text opens in a modal.
  f('body', 'İçerik', 'modal', CATEGORY.sales, { show_insert: 1 }),
];

const TASK_TEMPLATE_FIELDS: readonly FieldSeed[] = [
  f('id', 'ID', 'id', CATEGORY.system),
  f('name', 'Şablon Adı', 'string', CATEGORY.sales, { show_insert: 1 }),
  f('tasks', 'Görevler', 'json', CATEGORY.sales, { show_insert: 1 }),
];

/** An option list's values (see docs/requirements.md#records-notes-and-settings "Option lists by id"); list_id names the list (e.g. 108, 148). */
const OPTION_VALUE_FIELDS: readonly FieldSeed[] = [
  f('id', 'ID', 'id', CATEGORY.system),
  f('list_id', 'Liste No', 'integer', CATEGORY.system, { show_insert: 1 }),
  f('value', 'Değer', 'string', CATEGORY.system, { show_insert: 1 }),
  f('label', 'Etiket', 'string', CATEGORY.system, { show_insert: 1 }),
  f('sort', 'Sıra', 'integer', CATEGORY.system, { show_insert: 1 }),
  // Only the transaction statuses (list 146) carry a flow; the money module's hook checks it on every write.
  f('flow', 'Akış (işlem durumları)', 'json', CATEGORY.system),
];

/** Fields per registered table; report links (location 4) have none of their own. */
export const CRM_FIELDS: Readonly<Record<string, readonly FieldSeed[]>> = {
  leads: LEAD_FIELDS,
  customers: LEAD_FIELDS,
  lead_notes: NOTE_FIELDS,
  lead_remitters: REMITTER_FIELDS,
  users: USER_FIELDS,
  user_groups: USER_GROUP_FIELDS,
  teams: TEAM_FIELDS,
  lead_statuses: LEAD_STATUS_FIELDS,
  lead_note_statuses: NOTE_STATUS_FIELDS,
  permissions: PERMISSION_FIELDS,
  crm_tables: CRM_TABLE_FIELDS,
  email_templates: EMAIL_TEMPLATE_FIELDS,
  tasks_templates: TASK_TEMPLATE_FIELDS,
  ...TRANSACTION_FIELDS_BY_TABLE,
  lead_platforms: PLATFORM_FIELDS,
  option_values: OPTION_VALUE_FIELDS,
};

const LEAD_FIELD_NAMES = LEAD_FIELDS.map((field) => field.name);
const NOTE_FIELD_NAMES = NOTE_FIELDS.map((field) => field.name);

/** Fields nobody edits through forms: keys, and timestamps the server maintains. */
const SYSTEM_LEAD_FIELDS: readonly string[] = [
  'id',
  'created_at',
  'updated_at',
  'last_activity',
  'last_note_date',
  'first_deposit_at',
  'last_deposit_at',
  'first_fund_date',
  'customer_set_date',
  // Money moves through transactions, never through a form.
  'balance',
];

/**
 * Agents must not move leads between owners or teams, nor convert by plain edit (conversion has its own
 * call), so the ownership fields and is_customer are read-only for them.
 */
const AGENT_WRITABLE_LEAD_FIELDS = LEAD_FIELD_NAMES.filter(
  (name) =>
    !SYSTEM_LEAD_FIELDS.includes(name) &&
    !['team_id', 'agent_id', 'retention_id', 'retention_md_id', 'is_customer'].includes(name),
);

/** Sales agents hand leads over inside their team (the row restriction keeps team_id fixed). */
const SALES_WRITABLE_LEAD_FIELDS = [...AGENT_WRITABLE_LEAD_FIELDS, 'agent_id'];

const NOTE_WRITABLE_FIELDS = NOTE_FIELD_NAMES.filter((name) => !['id', 'created_at'].includes(name));

type PermissionSeed = Omit<Insertable<PermissionsTable>, 'id' | 'user_group_id' | 'table_name'>;

const FULL: PermissionSeed = {
  show: 1,
  delete: 1,
  update: 1,
  excel_import: 1,
  excel_export: 1,
  list_fields: null,
  read_fields: null,
  write_fields: null,
  extra_sql: null,
  modules: ALL_MODULES,
};
const HIDDEN: PermissionSeed = {
  show: 0,
  delete: 0,
  update: 0,
  excel_import: 0,
  excel_export: 0,
  list_fields: null,
  read_fields: null,
  write_fields: null,
  extra_sql: null,
  modules: [],
};
const READ_ONLY: PermissionSeed = { ...HIDDEN, show: 1, write_fields: [] };

const FINANCE_MODULES = ['kisisel-bilgiler', 'platformlar', 'para-islemleri', 'gecmis', 'dosyalar', 'notlar'];
const RISK_MODULES = [...FINANCE_MODULES, '3-sahis-bilgileri'];
const SALES_MODULES = [
  'kisisel-bilgiler',
  'gorevler',
  'platformlar',
  // Agents give their customers' deposit and withdrawal instructions (see docs/money.md).
  'para-islemleri',
  'eslesen-kayitlar',
  'gecmis',
  'dosyalar',
  '3-sahis-bilgileri',
  'notlar',
];
const RETENTION_MODULES = ALL_MODULES;

/** The lead-detail modules each department's leads permission carries. */
function modulesOf(department: Department): string[] {
  switch (department) {
    case 'admin':
    case 'sales_manager':
      return ALL_MODULES;
    case 'finance':
      return FINANCE_MODULES;
    case 'risk':
      return RISK_MODULES;
    case 'sales':
      return SALES_MODULES;
    case 'retention':
      return RETENTION_MODULES;
  }
}

/**
 * Lead remitters belong to the departments with the 3-sahis-bilgileri module. They carry no team column,
 * so sales and retention see (like their notes) the remitters they added; risk works all of them. Who
 * may add one to which lead is the lead's scope, checked by the server on every write.
 */
function remitterPermission(department: Department): PermissionSeed {
  const remitterWrite = REMITTER_FIELDS.map((field) => field.name).filter(
    (name) => !['id', 'created_at'].includes(name),
  );
  switch (department) {
    case 'admin':
    case 'sales_manager':
      return FULL;
    case 'risk':
      return { ...HIDDEN, show: 1, update: 1, write_fields: remitterWrite, modules: RISK_MODULES };
    case 'sales':
    case 'retention':
      return {
        ...HIDDEN,
        show: 1,
        update: 1,
        extra_sql: 'agent_id = {user.id}',
        write_fields: remitterWrite,
        modules: department === 'sales' ? SALES_MODULES : RETENTION_MODULES,
      };
    default:
      return HIDDEN;
  }
}

/**
 * The admin area's configuration tables. Permissions and the menu are admins' alone, and only their flags
 * and labels are writable here: field lists, row restrictions and source tables need the permission
 * editor's checks. Sales managers keep the templates of their sales process.
 */
function configurationPermission(department: Department, table: string): PermissionSeed | undefined {
  switch (table) {
    case 'permissions':
      return department === 'admin'
        ? {
            ...HIDDEN,
            show: 1,
            update: 1,
            excel_export: 1,
            write_fields: ['show', 'update', 'delete', 'excel_import', 'excel_export'],
          }
        : HIDDEN;
    case 'crm_tables':
      return department === 'admin'
        ? {
            ...HIDDEN,
            show: 1,
            update: 1,
            excel_export: 1,
            write_fields: ['name', 'icon', 'location', 'url', 'sort'],
          }
        : HIDDEN;
    case 'option_values':
      return department === 'admin' ? FULL : HIDDEN;
    // Everybody reads what a note's status is called; admins name and colour them.
    case 'lead_note_statuses':
      return department === 'admin' ? FULL : READ_ONLY;
    case 'email_templates':
    case 'tasks_templates':
      return department === 'admin' || department === 'sales_manager' ? FULL : HIDDEN;
    default:
      return undefined;
  }
}

/**
 * Platform accounts belong to the lead: whoever works the lead sees them and may open one (the update
 * flag, checked by /mt5/createPlatform); nothing of a row is written through generic saves but its lead
 * and whitelabel by managers (platform-rows-hook.ts). Finance reads them; money on them is risk's call.
 */
function platformPermission(department: Department): PermissionSeed {
  const opener = (modules: readonly string[]): PermissionSeed => ({
    ...HIDDEN,
    show: 1,
    update: 1,
    write_fields: [],
    modules: [...modules],
  });
  switch (department) {
    case 'admin':
    case 'sales_manager':
      return { ...FULL, excel_import: 0, write_fields: ['customer_id', 'whitelabel_id'] };
    case 'finance':
      return { ...READ_ONLY, modules: FINANCE_MODULES };
    case 'risk':
      return opener(RISK_MODULES);
    case 'sales':
      return opener(SALES_MODULES);
    case 'retention':
      return opener(RETENTION_MODULES);
  }
}

/** Registered after the first release: added to databases seeded before (registry-additions.ts). */
export const TABLES_ADDED_LATER: readonly string[] = [
  'chat',
  'lead_note_statuses',
  'lead_remitters',
  'permissions',
  'crm_tables',
  'email_templates',
  'tasks_templates',
  'report_agent',
  'report_first_fund',
  'report_monthly',
  'report_periodic',
  'report_builder',
  ...TRANSACTION_TABLE_NAMES,
  'lead_platforms',
  'option_values',
  ...WORK_SCREENS.map((screen) => screen.table_name),
];

/** The permission of one department on one registered table. Unlisted tables are hidden. */
function permissionFor(department: Department, table: string): PermissionSeed {
  // Everybody chats; admins rename and archive channels (update).
  if (table === 'chat') return { ...HIDDEN, show: 1, update: department === 'admin' ? 1 : 0 };
  if (table === 'lead_remitters') return remitterPermission(department);
  if (TRANSACTION_TABLE_NAMES.includes(table)) {
    return { ...transactionPermission(department, table), modules: modulesOf(department) };
  }
  if (table === 'lead_platforms') return platformPermission(department);
  const workScreen = workScreenPermission(department, table);
  if (workScreen) return workScreen;
  const configuration = configurationPermission(department, table);
  if (configuration) return configuration;
  switch (department) {
    case 'admin':
      return FULL;
    case 'sales_manager':
      // Managers run the floor but may not delete staff accounts, touch admin accounts, or change anyone's
      // group, department or active flag (that would let them grant themselves admin rights).
      return table === 'users'
        ? {
            ...FULL,
            delete: 0,
            extra_sql: "department <> 'admin'",
            write_fields: ['name', 'email', 'team_id', 'dahili', 'telegram_id'],
          }
        : FULL;
    case 'finance':
    case 'risk': {
      const modules = department === 'finance' ? FINANCE_MODULES : RISK_MODULES;
      if (table === 'leads' || table === 'customers') {
        // Finance's list hides the national id so the engine has a real hidden-field case to honour.
        const listFields = department === 'finance' ? LEAD_FIELD_NAMES.filter((name) => name !== 'tc') : null;
        return { ...READ_ONLY, list_fields: listFields, modules };
      }
      if (table === 'lead_notes') return { ...READ_ONLY, modules };
      return HIDDEN;
    }
    case 'sales': {
      const agent: PermissionSeed = { ...HIDDEN, show: 1, update: 1, modules: SALES_MODULES };
      if (table === 'leads' || table === 'customers') {
        // Agents may export their own team's list: the export honours the same row restriction.
        return {
          ...agent,
          excel_export: 1,
          extra_sql: 'team_id = {user.team_id}',
          write_fields: SALES_WRITABLE_LEAD_FIELDS,
        };
      }
      // Notes carry no team column: the notes list shows an agent only the notes they wrote.
      if (table === 'lead_notes') {
        return { ...agent, extra_sql: 'insert_agent_id = {user.id}', write_fields: NOTE_WRITABLE_FIELDS };
      }
      return HIDDEN;
    }
    case 'retention': {
      const agent: PermissionSeed = { ...HIDDEN, show: 1, update: 1, modules: RETENTION_MODULES };
      // Retention opens customers through the lead detail too, so leads carries the same restriction.
      if (table === 'leads' || table === 'customers') {
        return { ...agent, extra_sql: 'retention_id = {user.id}', write_fields: AGENT_WRITABLE_LEAD_FIELDS };
      }
      if (table === 'lead_notes') {
        return { ...agent, extra_sql: 'insert_agent_id = {user.id}', write_fields: NOTE_WRITABLE_FIELDS };
      }
      return HIDDEN;
    }
  }
}

/** Agent names, deterministic so reruns on empty databases give the same staff list. */
function agentNames(count: number, taken: Set<string>): { name: string; emailLocal: string }[] {
  const out: { name: string; emailLocal: string }[] = [];
  for (let k = 0; out.length < count; k += 1) {
    const pool = k % 2 === 0 ? FEMALE_NAMES : MALE_NAMES;
    const given = pool[(k * 7 + 3) % pool.length] ?? 'Ali';
    const surname = SURNAMES[(k * 13 + 5) % SURNAMES.length] ?? 'Kaya';
    const emailLocal = `${foldTurkish(given)}.${foldTurkish(surname)}`.replace(/\s+/g, '');
    if (taken.has(emailLocal)) continue;
    taken.add(emailLocal);
    out.push({ name: `${given} ${surname}`, emailLocal });
  }
  return out;
}

export type ReferenceSection =
  | 'teams'
  | 'user_groups'
  | 'users'
  | 'lead_statuses'
  | 'option_lists'
  | 'crm_tables'
  | 'crm_fields'
  | 'permissions'
  | 'email_templates'
  | 'tasks_templates';

export interface ReferenceSeedResult {
  /** Sections written in this call; the others already had rows and were left alone. */
  readonly seeded: readonly ReferenceSection[];
}

async function isEmpty(trx: Transaction<Database>, table: ReferenceSection): Promise<boolean> {
  const { rows } = await sql<{
    found: boolean;
  }>`select exists (select 1 from ${sql.table(table)}) as found`.execute(trx);
  return rows[0]?.found !== true;
}

async function idsByName(
  trx: Transaction<Database>,
  table: 'teams' | 'user_groups',
): Promise<Map<string, number>> {
  const rows = await trx.selectFrom(table).select(['id', 'name']).execute();
  return new Map(rows.map((row) => [row.name, row.id]));
}

/**
 * Seeds teams, groups, demo users, statuses, option lists, the table/field registry and permissions in one
 * transaction. Each section is written only when its table is empty, so rerunning never duplicates or
 * overwrites what an admin has changed since.
 */
export async function seedReferenceData(db: Kysely<Database>): Promise<ReferenceSeedResult> {
  return db.transaction().execute(async (trx) => {
    // Two seeders starting at once (CLI and a server's first start) would both see empty tables.
    await sql`select pg_advisory_xact_lock(hashtext('crm-seed-reference-data'))`.execute(trx);
    const seeded: ReferenceSection[] = [];

    if (await isEmpty(trx, 'teams')) {
      await trx
        .insertInto('teams')
        .values(Object.values(TEAM_NAMES).map((name) => ({ name })))
        .execute();
      seeded.push('teams');
    }

    if (await isEmpty(trx, 'user_groups')) {
      await trx
        .insertInto('user_groups')
        .values(Object.values(GROUP_BY_DEPARTMENT).map((name) => ({ name })))
        .execute();
      seeded.push('user_groups');
    }

    const teamIds = await idsByName(trx, 'teams');
    const groupIds = await idsByName(trx, 'user_groups');

    if (await isEmpty(trx, 'users')) {
      await seedUsers(trx, teamIds, groupIds);
      seeded.push('users');
    }

    if (await isEmpty(trx, 'lead_statuses')) {
      await trx
        .insertInto('lead_statuses')
        .values(
          LEAD_STATUSES.map((status, index) => ({
            label: status.label,
            background: status.background,
            color: status.color,
            sort: (index + 1) * 10,
            call_period_days: DEFAULT_CALL_PERIOD_DAYS[status.label] ?? null,
            is_default: status.label === NEW_STATUS_LABEL ? 1 : 0,
          })),
        )
        .execute();
      seeded.push('lead_statuses');
    }

    if (await isEmpty(trx, 'option_lists')) {
      await trx
        .insertInto('option_lists')
        .values(OPTION_LISTS.map(({ id, name, source }) => ({ id, name, source })))
        .execute();
      const values = OPTION_LISTS.flatMap((list) =>
        (list.values ?? []).map((value, index) => ({
          list_id: list.id,
          value: value.value,
          label: value.label,
          sort: (index + 1) * 10,
        })),
      );
      await trx.insertInto('option_values').values(values).execute();
      seeded.push('option_lists');
    }

    if (await isEmpty(trx, 'crm_tables')) {
      await trx
        .insertInto('crm_tables')
        .values(CRM_TABLES.map((table, index) => ({ ...table, sort: (index + 1) * 10 })))
        .execute();
      seeded.push('crm_tables');
    }

    const registered = new Set(
      (await trx.selectFrom('crm_tables').select('table_name').execute()).map((row) => row.table_name),
    );

    if (await isEmpty(trx, 'crm_fields')) {
      const rows = Object.entries(CRM_FIELDS)
        .filter(([table]) => registered.has(table))
        .flatMap(([table, fields]) =>
          fields.map((field, index) => ({ ...field, table_name: table, sort: (index + 1) * 10 })),
        );
      if (rows.length > 0) await trx.insertInto('crm_fields').values(rows).execute();
      seeded.push('crm_fields');
    }

    if (await isEmpty(trx, 'permissions')) {
      const rows = (Object.entries(GROUP_BY_DEPARTMENT) as [Department, string][]).flatMap(
        ([department, group]) => {
          const groupId = groupIds.get(group);
          // A group renamed by an admin before this section ran simply gets no defaults.
          if (groupId === undefined) return [];
          return [...registered].map((table) => ({
            user_group_id: groupId,
            table_name: table,
            ...permissionFor(department, table),
          }));
        },
      );
      if (rows.length > 0) await trx.insertInto('permissions').values(rows).execute();
      seeded.push('permissions');
    }

    // Databases seeded before a table was registered get it (with fields and permissions) now.
    const added = await addMissingRegistryTables(trx, {
      names: TABLES_ADDED_LATER,
      tables: CRM_TABLES,
      fields: CRM_FIELDS,
      groups: GROUP_BY_DEPARTMENT,
      permissionFor,
    });
    if (added.length > 0 && !seeded.includes('crm_tables')) seeded.push('crm_tables');
    // Databases seeded before the departments list showed raw department codes: they get it now.
    const addedLists = await addMissingOptionLists(
      trx,
      [DEPARTMENT_OPTION_LIST],
      [{ table: 'users', field: 'department', fromComponent: 'string', listId: DEPARTMENT_OPTION_LIST.id }],
    );
    if (addedLists.length > 0 && !seeded.includes('option_lists')) seeded.push('option_lists');

    seeded.push(...(await seedLeadDetailTemplates(trx)));
    // Option list 146's flows (migration 011's column): only statuses that have none yet.
    await seedTransactionFlows(trx);

    return { seeded };
  });
}

async function seedUsers(
  trx: Transaction<Database>,
  teamIds: ReadonlyMap<string, number>,
  groupIds: ReadonlyMap<string, number>,
): Promise<void> {
  // argon2id (with the login service's parameters, so logins do not rehash) costs tens of ms per hash;
  // one shared hash keeps seeding fast and still verifies for every user.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const requireId = (map: ReadonlyMap<string, number>, name: string): number => {
    const id = map.get(name);
    if (id === undefined) throw new Error(`Seed: '${name}' is missing; cannot create the demo users`);
    return id;
  };

  // Demo people's own names are reserved too, so no agent shares a name with a demo account.
  const taken = new Set(DEMO_ACCOUNTS.map((account) => foldTurkish(account.name).replace(/\s+/g, '.')));
  const demo = DEMO_ACCOUNTS.map((account) => ({
    name: account.name,
    email: account.email,
    password_hash: passwordHash,
    department: account.department,
    user_group_id: requireId(groupIds, GROUP_BY_DEPARTMENT[account.department]),
    team_id: requireId(teamIds, account.team),
    dahili: account.dahili,
  }));

  let dahili = 1100;
  const extra = EXTRA_AGENTS.flatMap(({ team, department, count }) =>
    agentNames(count, taken).map(({ name, emailLocal }) => {
      dahili += 1;
      return {
        name,
        email: `${emailLocal}@demo.crm`,
        password_hash: passwordHash,
        department,
        user_group_id: requireId(groupIds, GROUP_BY_DEPARTMENT[department]),
        team_id: requireId(teamIds, team),
        dahili: String(dahili),
        active: 1,
      };
    }),
  );

  await trx
    .insertInto('users')
    .values([...demo, ...extra])
    .execute();
}
