import type { CallName, ListQuery } from '../../../../../shared/contract';
import {
  FILTER_TYPES,
  formatDateTimeTr,
  formatDecimalTr,
  platformActionLabel,
  platformVolumeText,
  TRANSACTION_LIST_LIMIT,
} from '../../../../../shared/domain';
import { platformOperationTexts as ot } from '../../../i18n/platform-operation-texts';
import { platformTexts as t } from '../../../i18n/platform-texts';

/** docs/requirements.md#lead-money-task-and-report-data Lead platform: the registered table of a customer's accounts. */
export const PLATFORM_TABLE = 'lead_platforms';

/** The customer's accounts, newest first (see docs/requirements.md#calls "Platform data": filtered by customer_id). */
export function platformsQuery(leadId: number): ListQuery {
  return {
    page: 1,
    limit: TRANSACTION_LIST_LIMIT,
    sort: { name: 'id', type: 'desc' },
    filters: [{ name: 'customer_id', type: FILTER_TYPES.equal, value: String(leadId) }],
  };
}

/** Money as Turkish readers write it ('1.234,50'), digit for digit from the server's text. */
export function moneyText(value: string): string {
  return formatDecimalTr(value) ?? value;
}

/** A price with its own decimals (trailing zeros of the 5-decimal column dropped, at least 2 kept). */
export function priceText(value: string): string {
  const trimmed = value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
  return formatDecimalTr(trimmed, 2) ?? value;
}

export function timeText(value: string | null): string {
  return value === null ? t.never : formatDateTimeTr(value);
}

type Row = Record<string, unknown>;
export interface ViewColumn {
  key: string;
  label: string;
  render: (row: Row) => string;
  numeric?: boolean;
}

const str = (key: string) => (row: Row) => String(row[key] ?? '');
const money = (key: string) => (row: Row) => moneyText(String(row[key] ?? '0'));
const price = (key: string) => (row: Row) => priceText(String(row[key] ?? '0'));
const time = (key: string) => (row: Row) => timeText((row[key] as string | null | undefined) ?? null);
const volume = (key: string) => (row: Row) => platformVolumeText(Number(row[key] ?? 0));
const action = (key: string) => (row: Row) => platformActionLabel(Number(row[key] ?? -1));

export type ListView = 'positions' | 'orders' | 'closed' | 'deposits' | 'withdrawals';
export type AccountView = 'info' | 'operations' | ListView;

export const ACCOUNT_VIEWS: readonly { id: AccountView; title: string }[] = [
  { id: 'info', title: t.viewInfo },
  { id: 'positions', title: t.viewPositions },
  { id: 'orders', title: t.viewOrders },
  { id: 'closed', title: t.viewClosed },
  { id: 'deposits', title: t.viewDeposits },
  { id: 'withdrawals', title: t.viewWithdrawals },
  { id: 'operations', title: ot.viewOperations },
];

const balanceColumns: ViewColumn[] = [
  { key: 'Deal', label: t.deal, render: str('Deal') },
  { key: 'Comment', label: t.comment, render: str('Comment') },
  { key: 'Time', label: t.time, render: time('Time') },
  { key: 'Profit', label: t.amountColumn, render: money('Profit'), numeric: true },
];

/** Each list view's call and columns (see docs/requirements.md#lead-money-task-and-report-data; volumes /1000 and action labels, docs/requirements.md#constants-and-limits). */
export type ListCall =
  | 'getUserOpenPositions'
  | 'getUserPendingOrders'
  | 'getUserClosedPositions'
  | 'getUserDeposit'
  | 'getUserWithdrawal';

export const LIST_VIEWS: Readonly<Record<ListView, { call: ListCall; columns: readonly ViewColumn[] }>> = {
  positions: {
    call: 'getUserOpenPositions',
    columns: [
      { key: 'Login', label: t.login, render: str('Login') },
      { key: 'Position', label: t.position, render: str('Position') },
      { key: 'Symbol', label: t.symbol, render: str('Symbol') },
      { key: 'Action', label: t.action, render: action('Action') },
      { key: 'Volume', label: t.volume, render: volume('Volume'), numeric: true },
      { key: 'TimeCreate', label: t.timeCreate, render: time('TimeCreate') },
      { key: 'PriceOpen', label: t.priceOpen, render: price('PriceOpen'), numeric: true },
      { key: 'PriceSL', label: t.priceSL, render: price('PriceSL'), numeric: true },
      { key: 'PriceTP', label: t.priceTP, render: price('PriceTP'), numeric: true },
      { key: 'PriceCurrent', label: t.priceCurrent, render: price('PriceCurrent'), numeric: true },
      { key: 'Storage', label: t.storage, render: money('Storage'), numeric: true },
      { key: 'Profit', label: t.profit, render: money('Profit'), numeric: true },
    ],
  },
  orders: {
    call: 'getUserPendingOrders',
    columns: [
      { key: 'Order', label: t.order, render: str('Order') },
      { key: 'Symbol', label: t.symbol, render: str('Symbol') },
      { key: 'Type', label: t.orderType, render: action('Type') },
      { key: 'VolumeCurrent', label: t.volumeCurrent, render: volume('VolumeCurrent'), numeric: true },
      { key: 'TimeSetup', label: t.timeSetup, render: time('TimeSetup') },
      { key: 'PriceOrder', label: t.priceOrder, render: price('PriceOrder'), numeric: true },
    ],
  },
  closed: {
    call: 'getUserClosedPositions',
    columns: [
      { key: 'Deal', label: t.deal, render: str('Deal') },
      { key: 'Symbol', label: t.symbol, render: str('Symbol') },
      { key: 'Action', label: t.action, render: action('Action') },
      { key: 'VolumeClosed', label: t.volumeClosed, render: volume('VolumeClosed'), numeric: true },
      { key: 'Time', label: t.time, render: time('Time') },
      { key: 'Profit', label: t.profit, render: money('Profit'), numeric: true },
    ],
  },
  deposits: { call: 'getUserDeposit', columns: balanceColumns },
  withdrawals: { call: 'getUserWithdrawal', columns: balanceColumns },
};

/** Every call that shows an account, refreshed after money moved on it. */
export const ACCOUNT_CALLS: readonly CallName[] = [
  'getPlatformInfo',
  'getUserOpenPositions',
  'getUserPendingOrders',
  'getUserClosedPositions',
  'getUserDeposit',
  'getUserWithdrawal',
];
