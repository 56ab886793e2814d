/**
 * What a server answering only the specification's shapes sends back, per call of `spec-calls.ts`: the
 * fields the spec's call tables and entities name, and the readings of docs/api-conformance.md where the
 * spec names a field without its parts. The e2e stand-in (tests/e2e/support/spec-stand-in.ts) cuts our
 * server's answers down to these, so our desktop client is tried against exactly what the spec promises
 * (docs/api-conformance.md#our-client-against-a-spec-only-server).
 *
 * A shape is `true` (the value whole: a record's row, whose columns are the table's fields), an object
 * (only these keys, each shaped) or a one-item list (a list whose items have that shape). A call of
 * `SPEC_CALLS` without an entry here is one whose answer the spec does not show; it passes whole.
 */
export type SpecShape = true | { readonly [key: string]: SpecShape } | readonly [SpecShape];

const WHOLE = true;
const success = { success: WHOLE, msg: WHOLE } as const;

/** Current user (me): department, team_id, team, dahili. */
const me = { department: WHOLE, team_id: WHOLE, team: WHOLE, dahili: WHOLE } as const;

/**
 * A table of GET /permissions: the menu table definition (id, name, icon, location, url, table) with the
 * user's permission flags of that table (the permission entity's show, delete, update, excel_import,
 * excel_export), which the list's buttons follow.
 */
const menuTable = {
  id: WHOLE,
  name: WHOLE,
  icon: WHOLE,
  location: WHOLE,
  url: WHOLE,
  table: WHOLE,
  show: WHOLE,
  delete: WHOLE,
  update: WHOLE,
  excel_import: WHOLE,
  excel_export: WHOLE,
} as const;

/** Generic record field metadata, with the two fields of GET /fields (docs/api-conformance.md#fields). */
const fieldMeta = {
  id: WHOLE,
  name: WHOLE,
  display_name: WHOLE,
  component: { name: WHOLE },
  category: WHOLE,
  options: WHOLE,
  show_insert: WHOLE,
  component_id: WHOLE,
  filter: WHOLE,
} as const;

/** Option lists: label and value; a lead status also has its background and color (the status cell). */
const options = { options: [{ label: WHOLE, value: WHOLE, background: WHOLE, color: WHOLE }] } as const;

const notification = {
  id: WHOLE,
  title: WHOLE,
  body: WHOLE,
  start: WHOLE,
  lead_id: WHOLE,
  lead_name: WHOLE,
  completed: WHOLE,
  completed_agent_name: WHOLE,
  created_at: WHOLE,
} as const;

const permissionOfTable = {
  id: WHOLE,
  name: WHOLE,
  table: WHOLE,
  show: WHOLE,
  delete: WHOLE,
  update: WHOLE,
  excel_import: WHOLE,
  excel_export: WHOLE,
  extra_sql: WHOLE,
  modules: WHOLE,
  read_fields: WHOLE,
  write_fields: WHOLE,
  list_fields: WHOLE,
} as const;

const excelFiles = { success: WHOLE, excelFiles: [{ name: WHOLE, url: WHOLE }] } as const;

export const SPEC_ANSWERS: Readonly<Record<string, SpecShape>> = {
  // Authentication and user
  'POST /auth/login': { success: WHOLE, token: WHOLE, msg: WHOLE },
  'POST /auth/validate': {
    success: WHOLE,
    msg: WHOLE,
    data: { userName: WHOLE, userId: WHOLE, telegram_id: WHOLE, theme: WHOLE, dahili: WHOLE },
  },
  'GET /user/info': { user: me },
  'GET /admin/info': {
    users: WHOLE,
    leads: WHOLE,
    customers: WHOLE,
    customer_average_conversion_time: { average_conversion_time: WHOLE },
  },
  'POST /me': me,
  'POST /auth/save': { success: WHOLE, msg: WHOLE, dahili: WHOLE, telegram: WHOLE },
  'GET /permissions': { tables: [menuTable], me },
  'GET /permissionsAdmin': { tables: [menuTable] },
  'GET /permissions/{userGroupId}': { users: { say: WHOLE }, tables: [permissionOfTable] },
  'POST /permission/save/': success,
  // Lists and records
  'POST /table/{table}': {
    components: WHOLE,
    results: WHOLE,
    total: WHOLE,
    page: WHOLE,
    fields: WHOLE,
    all_fields: [fieldMeta],
    tab_field_id: WHOLE,
    table: WHOLE,
  },
  'GET /fields/{table}': { fields: [fieldMeta] },
  'POST /row/{table}/{id}': { results: WHOLE, modules: WHOLE },
  'POST /detail/save/': success,
  'POST /nextLead/{x}': { id: WHOLE },
  'POST /hidden/{a}/{b}/{c}': { success: WHOLE, value: WHOLE },
  'POST /inline/save/': { success: WHOLE, message: WHOLE },
  'POST /bulk/save/': success,
  'POST /bulk/remove/': success,
  'POST /bulk/removeNotes/': success,
  'POST /export/{table}': excelFiles,
  'POST /export/double/{table}': excelFiles,
  'GET /favorites': { results: [{ id: WHOLE, title: WHOLE, url: WHOLE }] },
  'POST /favorites': success,
  'POST /favorite/remove/{id}': success,
  'POST /favorite-filters/{table}': {
    results: [{ id: WHOLE, name: WHOLE, table: WHOLE, filters: WHOLE }],
  },
  'POST /favorite-filters/remove/{id}': success,
  'POST /lead-platforms/{table}': { success: WHOLE, results: WHOLE },
  'GET /autocomplete/{a}/{b}': options,
  'GET /getOption/{id}': options,
  'GET /getOptionList': options,
  'POST /search/': { success: WHOLE, results: WHOLE },
  'POST /suggestion/': { success: WHOLE, results: WHOLE },
  'POST /searchPhone/': { success: WHOLE, results: WHOLE },
  'POST /preferences/': { preferences: WHOLE },
  'POST /sidebarNotes': { results: [{ lead_id: WHOLE, body: WHOLE, lead_name: WHOLE }] },
  'POST /notifications': { results: [notification] },
  'POST /completeNotification/{id}': success,
  // The rows of a lead's notes or reminders: records of lead_notes or notifications.
  'POST /notes/{table}': { results: WHOLE },
  'POST /chatMessages/{table}': { results: WHOLE },
  'POST /calendar/': { events: WHOLE },
  'GET /import-reports': { rows: WHOLE },
  // Lead detail and work
  'POST /task/add': success,
  'POST /task/status': success,
  'POST /tasks': { results: WHOLE, info: WHOLE, agents: WHOLE },
  'POST /tasks/{table}/{id}': { results: WHOLE, info: WHOLE, agents: WHOLE },
  'POST /journal/{table}/{id}': { results: WHOLE },
  'POST /getDublicatedLeads': { results: WHOLE },
  'POST /transaction/leadInfo': { result: WHOLE },
  'POST /searchTrx': { results: WHOLE },
  // Importer and reports
  'POST /doubleCheck/': { result: { match_count: WHOLE }, total: WHOLE },
  'POST /import/templates': { success: WHOLE, results: WHOLE },
  'POST /bulk/insert/': { successCount: WHOLE },
  'POST /callperiods/': { results: WHOLE },
  'POST /report/utm': { report: WHOLE, status: WHOLE },
  'POST /reports/': {
    leads: [{ date: WHOLE, lead_count: WHOLE }],
    lead_statuses: [{ label: WHOLE, lead_count: WHOLE, background: WHOLE }],
  },
  'POST /reportBuilder': { return: WHOLE, html: WHOLE, total: WHOLE, count: WHOLE },
  'POST /reportBuilder/fields/{table}': { fields: WHOLE, relations: WHOLE },
  'POST /piechart/firstFund/': WHOLE,
};

/** A value cut down to a shape: keys the shape does not name are left out, absent ones stay absent. */
export function specShaped(value: unknown, shape: SpecShape): unknown {
  if (shape === true) return value;
  if (Array.isArray(shape)) {
    const item = (shape as readonly [SpecShape])[0];
    return Array.isArray(value) ? value.map((entry: unknown) => specShaped(entry, item)) : value;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(shape as Record<string, SpecShape>)) {
    if (key in value) kept[key] = specShaped((value as Record<string, unknown>)[key], inner);
  }
  return kept;
}
