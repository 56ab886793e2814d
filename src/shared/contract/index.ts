import type { z } from 'zod';
import * as admin from './admin';
import * as auth from './auth';
import * as exportCalls from './export';
import * as bulk from './bulk';
import * as calls from './calls';
import * as favoriteFilters from './favorite-filters';
import * as leadDetail from './lead-detail';
import * as meta from './meta';
import * as records from './records';
import * as tasks from './tasks';
import * as files from './files';
import * as surveys from './surveys';
import * as email from './email';
import * as search from './search';
import * as notifications from './notifications';
import * as favorites from './favorites';
import * as preferences from './preferences';
import * as profile from './profile';
import * as dashboard from './dashboard';
import * as reports from './reports';
import * as reportBuilder from './report-builder';
import * as transactions from './transactions';
import * as platforms from './platforms';
import * as transactionFunding from './transaction-funding';
import * as importer from './importer';
import * as permissionCalls from './permissions';
import * as chat from './chat';
import * as hooks from './hooks';
import * as bids from './bids';
import * as callPeriods from './call-periods';
import * as reportMonthly from './report-monthly';
import * as periodicReports from './periodic-reports';
import * as detailLayouts from './detail-layouts';
import * as timeline from './timeline';
import { isCallSpec, type CallSpec } from './define';
import type { OutgoingFile } from './multipart';

/** Every call of the API by name: the one source of truth for paths, bodies and answers. */
export const contract = {
  login: auth.login,
  validate: auth.validate,
  logout: auth.logout,
  me: auth.me,
  userInfo: auth.userInfo,
  permissions: auth.permissions,
  adminInfo: admin.adminInfo,
  fields: meta.fields,
  getOption: meta.getOption,
  getOptionList: meta.getOptionList,
  autocomplete: meta.autocomplete,
  table: records.table,
  row: records.row,
  detailSave: records.detailSave,
  inlineSave: records.inlineSave,
  leadDuplicates: records.leadDuplicates,
  hidden: records.hidden,
  detailLayout: detailLayouts.detailLayout,
  detailLayoutSave: detailLayouts.detailLayoutSave,
  leadPlatforms: records.leadPlatforms,
  exportTable: exportCalls.exportTable,
  exportFile: exportCalls.exportFile,
  bulkSave: bulk.bulkSave,
  bulkRemove: bulk.bulkRemove,
  bulkRemoveNotes: bulk.bulkRemoveNotes,
  favoriteFilters: favoriteFilters.favoriteFilters,
  favoriteFilterRemove: favoriteFilters.favoriteFilterRemove,
  makeCall: calls.makeCall,
  makeFastCall: calls.makeFastCall,
  callHistory: calls.callHistory,
  tasks: tasks.tasks,
  leadTasks: tasks.leadTasks,
  taskAdd: tasks.taskAdd,
  taskSave: tasks.taskSave,
  taskStatus: tasks.taskStatus,
  taskRemove: tasks.taskRemove,
  taskTemplates: tasks.taskTemplates,
  taskTemplateApply: tasks.taskTemplateApply,
  taskTemplateSave: tasks.taskTemplateSave,
  taskTemplateRemove: tasks.taskTemplateRemove,
  hooks: hooks.hooks,
  hooksSave: hooks.hooksSave,
  hookRemove: hooks.hookRemove,
  bids: bids.bids,
  bid: bids.bid,
  bidPreview: bids.bidPreview,
  bidsSave: bids.bidsSave,
  bidRemove: bids.bidRemove,
  bidSet: bids.bidSet,
  callPeriods: callPeriods.callPeriods,
  files: files.files,
  uploadLeadFiles: files.uploadLeadFiles,
  leadFile: files.leadFile,
  questions: surveys.questions,
  questionsSave: surveys.questionsSave,
  answerSet: surveys.answerSet,
  surveyList: surveys.surveyList,
  processEmail: email.processEmail,
  leadEmails: email.leadEmails,
  nextLead: leadDetail.nextLead,
  notes: leadDetail.notes,
  leadNotifications: leadDetail.leadNotifications,
  journal: leadDetail.journal,
  duplicatedLeads: leadDetail.duplicatedLeads,
  convertCustomer: leadDetail.convertCustomer,
  search: search.search,
  suggestion: search.suggestion,
  searchPhone: search.searchPhone,
  notifications: notifications.notifications,
  completeNotification: notifications.completeNotification,
  sidebarNotes: notifications.sidebarNotes,
  favorites: favorites.favorites,
  favoriteAdd: favorites.favoriteAdd,
  favoriteRemove: favorites.favoriteRemove,
  preferences: preferences.preferences,
  preferencesSave: preferences.preferencesSave,
  authSave: profile.authSave,
  userDashboard: profile.userDashboard,
  calendar: dashboard.calendar,
  dashboardReports: dashboard.dashboardReports,
  reportUtm: reports.reportUtm,
  reportAgent: reports.reportAgent,
  firstFund: reports.firstFund,
  reportMonthly: reportMonthly.reportMonthly,
  reportMonthlyTransactions: reportMonthly.reportMonthlyTransactions,
  reportMonthlyExport: reportMonthly.reportMonthlyExport,
  savePeriod: periodicReports.savePeriod,
  periodicReports: periodicReports.periodicReports,
  deletePeriod: periodicReports.deletePeriod,
  reportBuilder: reportBuilder.reportBuilder,
  reportBuilderFields: reportBuilder.reportBuilderFields,
  savedReports: reportBuilder.savedReports,
  saveReport: reportBuilder.saveReport,
  updateReport: reportBuilder.updateReport,
  deleteReport: reportBuilder.deleteReport,
  reportBuilderExport: reportBuilder.reportBuilderExport,
  transactionChangeStatus: transactions.transactionChangeStatus,
  transactionChangeComment: transactions.transactionChangeComment,
  transactionDeliveryIban: transactions.transactionDeliveryIban,
  transactionDepositOk: transactions.transactionDepositOk,
  transactionDepositCanceled: transactions.transactionDepositCanceled,
  transactionDepositBlocked: transactions.transactionDepositBlocked,
  transactionRiskOk: transactions.transactionRiskOk,
  transactionRiskOkWithdrawal: transactions.transactionRiskOkWithdrawal,
  transactionFinansOkWithdrawal: transactions.transactionFinansOkWithdrawal,
  transactionRiskCanceled: transactions.transactionRiskCanceled,
  transactionRiskBlocked: transactions.transactionRiskBlocked,
  transactionLeadInfo: transactions.transactionLeadInfo,
  searchTrx: transactions.searchTrx,
  transactionJournal: transactions.transactionJournal,
  transactionReverse: transactions.transactionReverse,
  transactionQueue: transactions.transactionQueue,
  transactionStatuses: transactions.transactionStatuses,
  transactionEligibility: transactions.transactionEligibility,
  getPlatformInfo: platforms.getPlatformInfo,
  getUserOpenPositions: platforms.getUserOpenPositions,
  getUserPendingOrders: platforms.getUserPendingOrders,
  getUserClosedPositions: platforms.getUserClosedPositions,
  getUserDeposit: platforms.getUserDeposit,
  getUserWithdrawal: platforms.getUserWithdrawal,
  createPlatform: platforms.createPlatform,
  createDeposit: platforms.createDeposit,
  createWithdrawal: platforms.createWithdrawal,
  getPlatformOperations: platforms.getPlatformOperations,
  transactionFund: transactionFunding.transactionFund,
  transactionFundings: transactionFunding.transactionFundings,
  importTemplates: importer.importTemplates,
  importTemplateSave: importer.importTemplateSave,
  doubleCheck: importer.doubleCheck,
  bulkInsert: importer.bulkInsert,
  importReports: importer.importReports,
  importStatus: importer.importStatus,
  exportDouble: importer.exportDouble,
  adminResetCache: admin.adminResetCache,
  adminUsers: admin.adminUsers,
  adminUserCreate: admin.adminUserCreate,
  adminUserActive: admin.adminUserActive,
  adminUserPassword: admin.adminUserPassword,
  adminUserTeam: admin.adminUserTeam,
  adminJournal: admin.adminJournal,
  permissionsAdmin: permissionCalls.permissionsAdmin,
  groupPermissions: permissionCalls.groupPermissions,
  permissionSave: permissionCalls.permissionSave,
  permissionPreview: permissionCalls.permissionPreview,
  chatChannels: chat.chatChannels,
  chatUsers: chat.chatUsers,
  chatChannelAdd: chat.chatChannelAdd,
  chatChannelSave: chat.chatChannelSave,
  chatChannelArchive: chat.chatChannelArchive,
  chatMessages: chat.chatMessages,
  chatSend: chat.chatSend,
  chatRead: chat.chatRead,
  leadTimeline: timeline.leadTimeline,
} as const satisfies Record<string, CallSpec>;

/**
 * The contract's files by name (src/shared/contract/<area>.ts): the API reference groups the calls by
 * them, as the server groups its modules (src/server/modules/<area>/).
 */
export const contractAreas: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  auth,
  admin,
  meta,
  records,
  export: exportCalls,
  bulk,
  'favorite-filters': favoriteFilters,
  calls,
  tasks,
  hooks,
  bids,
  'call-periods': callPeriods,
  files,
  surveys,
  email,
  'lead-detail': leadDetail,
  'detail-layouts': detailLayouts,
  search,
  notifications,
  favorites,
  preferences,
  profile,
  dashboard,
  reports,
  'report-monthly': reportMonthly,
  'periodic-reports': periodicReports,
  'report-builder': reportBuilder,
  transactions,
  'transaction-funding': transactionFunding,
  platforms,
  importer,
  permissions: permissionCalls,
  chat,
  timeline,
};

export type Contract = typeof contract;
export type CallName = keyof Contract;
export type CallParams<N extends CallName> = z.input<Contract[N]['params']>;
export type CallBody<N extends CallName> = z.input<Contract[N]['body']>;
export type CallResult<N extends CallName> = z.output<Contract[N]['result']>;

/** Calls that send files (multipart/form-data) and calls whose answer is a file's bytes. */
export type MultipartCallName = {
  [N in CallName]: Contract[N] extends { encoding: 'multipart' } ? N : never;
}[CallName];
export type BinaryCallName = {
  [N in CallName]: Contract[N] extends { answer: 'binary' } ? N : never;
}[CallName];

/** What a caller passes: params fill the path and query, body is sent encoded, files with a multipart call. */
export type CallInput<N extends CallName> = (Record<string, never> extends CallParams<N>
  ? { params?: CallParams<N> }
  : { params: CallParams<N> }) &
  (undefined extends CallBody<N> ? { body?: CallBody<N> } : { body: CallBody<N> }) &
  (N extends MultipartCallName ? { files: readonly OutgoingFile[] } : { files?: never });

export const callNames = Object.keys(contract) as CallName[];
export function isCallName(value: unknown): value is CallName {
  return (
    typeof value === 'string' && Object.hasOwn(contract, value) && isCallSpec(contract[value as CallName])
  );
}

export * from './define';
export * from './search';
export * from './notifications';
export * from './favorites';
export * from './preferences';
export * from './profile';
export * from './dashboard';
export * from './realtime';
export * from './admin';
export * from './importer';
export * from './auth';
export * from './meta';
export * from './records';
export * from './export';
export * from './bulk';
export * from './favorite-filters';
export * from './calls';
export * from './tasks';
export * from './files';
export * from './surveys';
export * from './email';
export * from './lead-detail';
export * from './note-inputs';
export * from './transactions';
export * from './record-id';
export * from './path';
export * from './form-encoding';
export * from './client';
export * from './call-outcome';
export * from './binary-answer';
export * from './multipart';
export * from './reports';
export * from './report-builder';
export * from './platforms';
export * from './permissions';
export * from './chat';
export * from './hooks';
export * from './bids';
export * from './call-periods';
export * from './report-monthly';
export * from './periodic-reports';
export * from './detail-layouts';
export * from './timeline';
