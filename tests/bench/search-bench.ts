import { sql, type RawBuilder } from 'kysely';
import { contract, encodeForm, type CallName } from '../../src/shared/contract';
import { escapeLikePattern } from '../../src/shared/domain/filters';
import { normalizePhone } from '../../src/shared/domain/phone';
import { foldTurkish } from '../../src/shared/domain/turkish-fold';
import { benchLogin } from './bench-login';
import { measurePair } from './stats';
import type { BenchContext, Section } from './scenarios/bench-context';
import { LATENCY_COLUMNS, latencyRow } from './scenarios/latency';

/** docs/performance.md#current-figures: search and phone search p95 under 30 ms on 1,000,000 leads. */
export const SEARCH_TARGET = { maxP95Ms: 30, text: 'p95 < 30 ms' } as const;

interface SearchAnswer {
  results: { id: number }[];
}

/** A prepared search call (body encoded once); `answer` parses the body for checks outside the timing. */
export function searchCall(
  context: Pick<BenchContext, 'app'>,
  token: string,
  name: Extract<CallName, 'search' | 'searchPhone' | 'suggestion'>,
  keyword: string,
): { send: () => Promise<void>; answer: () => Promise<SearchAnswer> } {
  const payload = encodeForm({ keyword });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' };
  const url = `/api${contract[name].path}`;
  const call = async (): Promise<string> => {
    const response = await context.app.inject({ method: 'POST', url, headers, payload });
    if (response.statusCode !== 200)
      throw new Error(`${name} failed (${response.statusCode}): ${response.body}`);
    return response.body;
  };
  return {
    send: async () => {
      await call();
    },
    answer: async () => JSON.parse(await call()) as SearchAnswer,
  };
}

/**
 * The hand-written SQL of the same answer: matching leads (optionally one team), their agent's name and
 * their last three notes, 20 rows. No permission resolution, no ranking: the floor the API is held to.
 */
function rawSearch(where: RawBuilder<boolean>, teamId: number | null): RawBuilder<unknown> {
  const team = teamId === null ? sql`true` : sql`l.team_id = ${teamId}`;
  return sql`select l.id, l.name, u.name as agent_name, l.phone,
      (select coalesce(json_agg(n), '[]'::json) from (
        select ln.body, ln.created_at, ln.agent_name from lead_notes ln
        where ln.lead_id = l.id order by ln.id desc limit 3) n) as notes
    from (select * from leads l where ${where} and ${team} limit 20) l
    left join users u on u.id = l.agent_id`;
}

const nameContains = (keyword: string): RawBuilder<boolean> =>
  sql<boolean>`l.name_folded like ${`%${escapeLikePattern(foldTurkish(keyword))}%`} escape '\\'`;

interface SearchScenario {
  title: string;
  call: ReturnType<typeof searchCall>;
  baseline: RawBuilder<unknown>;
}

/**
 * Search scenarios of the Ctrl+K overlay through the API (inject) next to their raw SQL: a common name,
 * a rare two-word name with Turkish letters, a two-letter prefix, the same common name for a
 * team-restricted agent, a phone number written with country code and punctuation, and suggestions.
 */
export async function runSearchBench(context: BenchContext): Promise<Section> {
  const { handle, rounds } = context;
  const salesToken = await benchLogin(context.app, 'sales@demo.crm');
  const salesTeam = await sql<{
    team_id: number;
  }>`select team_id from users where email = 'sales@demo.crm'`.execute(handle.db);
  const teamId = Number(salesTeam.rows[0]?.team_id ?? 0);
  const phone = '+90 (532) 111 22 33';

  const scenarios: SearchScenario[] = [
    {
      title: '/search/ "ahmet" (yaygın isim), yönetici',
      call: searchCall(context, context.token, 'search', 'ahmet'),
      baseline: rawSearch(nameContains('ahmet'), null),
    },
    {
      title: '/search/ "ışık yılmaz" (nadir, Türkçe harf), yönetici',
      call: searchCall(context, context.token, 'search', 'ışık yılmaz'),
      baseline: rawSearch(nameContains('ışık yılmaz'), null),
    },
    {
      title: '/search/ "ay" (iki harf, önek), yönetici',
      call: searchCall(context, context.token, 'search', 'ay'),
      baseline: rawSearch(sql<boolean>`l.name_folded like ${'ay%'}`, null),
    },
    {
      title: '/search/ "ahmet", ekibiyle sınırlı temsilci',
      call: searchCall(context, salesToken, 'search', 'ahmet'),
      baseline: rawSearch(nameContains('ahmet'), teamId),
    },
    {
      title: `/searchPhone/ "${phone}"`,
      call: searchCall(context, context.token, 'searchPhone', phone),
      baseline: rawSearch(sql<boolean>`l.phones_normalized @> array[${normalizePhone(phone)}]::text[]`, null),
    },
    {
      title: `/searchPhone/ "${phone}", ekibiyle sınırlı temsilci`,
      call: searchCall(context, salesToken, 'searchPhone', phone),
      baseline: rawSearch(
        sql<boolean>`l.phones_normalized @> array[${normalizePhone(phone)}]::text[]`,
        teamId,
      ),
    },
    {
      title: '/suggestion/ "meh" (önek, alfabetik)',
      call: searchCall(context, context.token, 'suggestion', 'meh'),
      baseline: sql`select id, name from leads where name_folded like ${'meh%'} order by name_folded using ~<~ limit 20`,
    },
  ];

  const rows = [];
  for (const scenario of scenarios) {
    context.log(`  ${scenario.title}`);
    const matched = (await scenario.call.answer()).results.length;
    const figures = await measurePair(
      scenario.call.send,
      async () => {
        await scenario.baseline.execute(handle.db);
      },
      rounds,
    );
    rows.push(
      latencyRow(
        {
          scenario: scenario.title,
          matched,
          of: context.leads,
          subject: figures.subject,
          baseline: figures.baseline,
        },
        SEARCH_TARGET.text,
        figures.subject.p95 < SEARCH_TARGET.maxP95Ms,
      ),
    );
  }
  return {
    title: 'Arama (Ctrl+K): isim, telefon, öneri',
    columns: LATENCY_COLUMNS,
    rows,
    notes: [
      'Eşleşen satır: cevaptaki sonuç sayısı (en fazla 20). SQL: aynı sonuç elle yazılmış sorguyla (yetki çözümü ve sıralama olmadan).',
    ],
  };
}
