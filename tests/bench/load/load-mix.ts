import { contract, encodeForm, fillPath, type CallName } from '../../../src/shared/contract';
import { TRX_STATUS } from '../../../src/shared/domain/transaction-flow';
import { detailCalls, type Request } from '../scenarios/lead-detail';
import type { LoadRole, LoadUser } from './load-users';

/** What one simulated person does in one step; a screen that starts several calls counts as one. */
export type CallKind =
  'list' | 'search' | 'detail' | 'note' | 'status' | 'reportUtm' | 'reportAgent' | 'pending' | 'decision';

export const KIND_LABELS: Readonly<Record<CallKind, string>> = {
  list: 'Liste sayfası, filtreli (/table/leads)',
  search: 'Ctrl+K arama (/search/)',
  detail: 'Aday detayı: 4 çağrı birlikte (satır, notlar, geçmiş, görevler)',
  note: 'Hatırlatmalı not (/inline/save insert_note)',
  status: 'Durum değişikliği (/inline/save status_id)',
  reportUtm: 'Müdür: Utm raporu (/report/utm)',
  reportAgent: 'Müdür: temsilci raporu (/report/agent)',
  pending: 'Finans: bekleyen işlemler (/table/transactions)',
  decision: 'Finans kararı: beklemeye al (/transaction/changeStatus)',
};

/** The calls of agents, whose p95 has the 100 ms target; the managers' are reported with their errors. */
export const AGENT_KINDS: readonly CallKind[] = ['list', 'search', 'detail', 'note', 'status'];

/** How often each step is taken, per role (weights). */
const MIX: Readonly<Record<LoadRole, readonly (readonly [CallKind, number])[]>> = {
  agent: [
    ['list', 35],
    ['search', 20],
    ['detail', 25],
    ['note', 10],
    ['status', 10],
  ],
  manager: [
    ['reportUtm', 50],
    ['reportAgent', 50],
  ],
  finance: [
    ['pending', 60],
    ['decision', 40],
  ],
};

export interface LoadPools {
  /** Leads of each team, for agents (inside their row restriction). */
  leadsByTeam: ReadonlyMap<number | null, readonly number[]>;
  /** Deposits waiting for finance (status 2); each is decided once. */
  pendingDeposits: number[];
}

const SURNAMES = ['yılmaz', 'öztürk', 'şahin', 'çelik', 'kaya', 'demir', 'aydın', 'arslan'];
const FIRST_NAMES = ['ayşe', 'mehmet', 'fatma', 'ahmet', 'emine', 'ali', 'zeynep', 'mustafa'];
/** Statuses an agent sets by hand on the phone (not "customer", which converts the lead). */
const AGENT_STATUSES = [1, 2, 3, 4, 5, 6, 9, 10];

export type Random = () => number;

const pick = <T>(items: readonly T[], random: Random): T => {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
};

function call(name: CallName, params: Record<string, unknown>, body: Record<string, unknown>): Request {
  const spec = contract[name];
  if (spec.encoding !== 'form') throw new Error(`${name}: the load mix sends forms only`);
  return { url: `/api${fillPath(spec.path, params).path}`, payload: encodeForm(body) };
}

function listBody(random: Random): Record<string, unknown> {
  const status = { name: 'status_id', type: 1, value: pick(AGENT_STATUSES, random) };
  const name = { name: 'name', type: 2, value: pick(SURNAMES, random) };
  const filters = [[status], [name], [status, name], []][Math.floor(random() * 4)] ?? [];
  return {
    page: 1 + Math.floor(random() * 3),
    limit: 15,
    sort: random() < 0.5 ? { name: 'created_at', type: 'desc' } : { name: 'id', type: 'desc' },
    filters,
  };
}

function chooseKind(role: LoadRole, random: Random): CallKind {
  const mix = MIX[role];
  const total = mix.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [kind, weight] of mix) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return mix[0]?.[0] ?? 'list';
}

/** The next step of `user`: its kind and the requests it sends together; null when a pool ran dry. */
export function nextStep(
  user: LoadUser,
  pools: LoadPools,
  random: Random,
): { kind: CallKind; requests: Request[] } | null {
  const kind = chooseKind(user.role, random);
  const leads = pools.leadsByTeam.get(user.teamId) ?? [];
  switch (kind) {
    case 'list':
      return { kind, requests: [call('table', { table: 'leads' }, listBody(random))] };
    case 'search': {
      const keyword =
        random() < 0.5 ? pick(SURNAMES, random) : `${pick(FIRST_NAMES, random)} ${pick(SURNAMES, random)}`;
      return { kind, requests: [call('search', {}, { keyword })] };
    }
    case 'detail':
      return { kind, requests: detailCalls(pick(leads, random)) };
    case 'note':
      return {
        kind,
        requests: [
          call(
            'inlineSave',
            {},
            {
              table: 'lead_notes',
              type: 'insert_note',
              inputs: {
                lead_id: pick(leads, random),
                body: 'Yük testi: müşteri tekrar aranacak',
                minute: 60,
              },
            },
          ),
        ],
      };
    case 'status':
      return {
        kind,
        requests: [
          call(
            'inlineSave',
            {},
            {
              table: 'leads',
              keyName: 'id',
              keyValue: pick(leads, random),
              fieldName: 'status_id',
              fieldValue: pick(AGENT_STATUSES, random),
            },
          ),
        ],
      };
    case 'reportUtm':
      return { kind, requests: [call('reportUtm', {}, { utmKey: 'utm_source' })] };
    case 'reportAgent':
      return { kind, requests: [call('reportAgent', {}, {})] };
    case 'pending':
      return {
        kind,
        requests: [
          call(
            'table',
            { table: 'transactions' },
            {
              page: 1,
              limit: 50,
              sort: { name: 'id', type: 'desc' },
              filters: [{ name: 'status_id', type: 11, value: ['2', '3', '9'] }],
            },
          ),
        ],
      };
    case 'decision': {
      const id = pools.pendingDeposits.pop();
      if (id === undefined) return null;
      return {
        kind,
        requests: [call('transactionChangeStatus', { id }, { status_id: TRX_STATUS.onHold })],
      };
    }
  }
}
