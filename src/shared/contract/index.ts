import type { z } from 'zod';
import * as auth from './auth';
import * as exportCalls from './export';
import * as bulk from './bulk';
import * as calls from './calls';
import * as favorites from './favorites';
import * as leadDetail from './lead-detail';
import * as meta from './meta';
import * as records from './records';
import * as tasks from './tasks';
import * as files from './files';
import * as surveys from './surveys';
import * as email from './email';
import * as shell from './shell';
import { isCallSpec, type CallSpec } from './define';

/** Every call of the API by name: the one source of truth for paths, bodies and answers. */
export const contract = {
  login: auth.login,
  validate: auth.validate,
  logout: auth.logout,
  me: auth.me,
  userInfo: auth.userInfo,
  permissions: auth.permissions,
  fields: meta.fields,
  getOption: meta.getOption,
  getOptionList: meta.getOptionList,
  table: records.table,
  row: records.row,
  detailSave: records.detailSave,
  inlineSave: records.inlineSave,
  exportTable: exportCalls.exportTable,
  bulkSave: bulk.bulkSave,
  bulkRemove: bulk.bulkRemove,
  bulkRemoveNotes: bulk.bulkRemoveNotes,
  favoriteFilters: favorites.favoriteFilters,
  favoriteFilterRemove: favorites.favoriteFilterRemove,
  makeCall: calls.makeCall,
  makeFastCall: calls.makeFastCall,
  tasks: tasks.tasks,
  leadTasks: tasks.leadTasks,
  taskAdd: tasks.taskAdd,
  taskSave: tasks.taskSave,
  taskStatus: tasks.taskStatus,
  taskRemove: tasks.taskRemove,
  taskTemplates: tasks.taskTemplates,
  taskTemplateApply: tasks.taskTemplateApply,
  files: files.files,
  questions: surveys.questions,
  questionsSave: surveys.questionsSave,
  answerSet: surveys.answerSet,
  processEmail: email.processEmail,
  leadEmails: email.leadEmails,
  nextLead: leadDetail.nextLead,
  notes: leadDetail.notes,
  leadNotifications: leadDetail.leadNotifications,
  journal: leadDetail.journal,
  duplicatedLeads: leadDetail.duplicatedLeads,
  convertCustomer: leadDetail.convertCustomer,
  search: shell.search,
  suggestion: shell.suggestion,
  searchPhone: shell.searchPhone,
  notifications: shell.notifications,
  completeNotification: shell.completeNotification,
  sidebarNotes: shell.sidebarNotes,
  favorites: shell.favorites,
  favoriteAdd: shell.favoriteAdd,
  favoriteRemove: shell.favoriteRemove,
  preferences: shell.preferences,
  preferencesSave: shell.preferencesSave,
  authSave: shell.authSave,
  userDashboard: shell.userDashboard,
  calendar: shell.calendar,
  dashboardReports: shell.dashboardReports,
} as const satisfies Record<string, CallSpec>;

export type Contract = typeof contract;
export type CallName = keyof Contract;
export type CallParams<N extends CallName> = z.input<Contract[N]['params']>;
export type CallBody<N extends CallName> = z.input<Contract[N]['body']>;
export type CallResult<N extends CallName> = z.output<Contract[N]['result']>;

/** What a caller passes: params fill the path and query, body is sent encoded. */
export type CallInput<N extends CallName> = (Record<string, never> extends CallParams<N>
  ? { params?: CallParams<N> }
  : { params: CallParams<N> }) &
  (undefined extends CallBody<N> ? { body?: CallBody<N> } : { body: CallBody<N> });

export const callNames = Object.keys(contract) as CallName[];
export function isCallName(value: unknown): value is CallName {
  return (
    typeof value === 'string' && Object.hasOwn(contract, value) && isCallSpec(contract[value as CallName])
  );
}

export * from './define';
export * from './shell';
export * from './realtime';
export * from './auth';
export * from './meta';
export * from './records';
export * from './export';
export * from './bulk';
export * from './favorites';
export * from './calls';
export * from './tasks';
export * from './files';
export * from './surveys';
export * from './email';
export * from './lead-detail';
export * from './note-inputs';
export * from './record-id';
export * from './path';
export * from './form-encoding';
export * from './client';
