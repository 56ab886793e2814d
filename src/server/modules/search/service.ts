import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  SEARCH_NOTES_PER_LEAD,
  SEARCH_RESULT_LIMIT,
  type SearchNote,
  type SearchResult,
  type Suggestion,
} from '../../../shared/contract';
import { CHAT_NOTE_STATUS_ID } from '../../../shared/domain/constants';
import { escapeLikePattern } from '../../../shared/domain/filters';
import { normalizePhone } from '../../../shared/domain/phone';
import { normalizeSearchText } from '../../../shared/domain/turkish-fold';
import type { Database } from '../../db/schema';
import { normalizePhoneSql } from '../../db/migrations/003-lead-detail';
import type { LeadScope } from '../../engine/lead-scope';
import type { TableAccess } from '../../engine/permission-resolver';
import { and, column, foldedText, or, type Condition } from '../../engine/sql-helpers';
import type { EngineUser } from '../../engine/types';

export interface SearchService {
  /** Leads whose name contains the keyword, Turkish letters folded (ışık = IŞIK = isik). */
  byName(user: EngineUser, keyword: string): Promise<SearchResult[]>;
  /** Leads with a number equal to the keyword normalised like normalizePhone. */
  byPhone(user: EngineUser, keyword: string): Promise<SearchResult[]>;
  /** Names starting with the keyword, alphabetically. */
  suggest(user: EngineUser, keyword: string): Promise<Suggestion[]>;
}

/**
 * Matches looked at before ranking. Without an ORDER BY the trigram index scan stops after this many
 * rows, which keeps a common name ("ahmet": ~9,000 of 1,000,000) as fast as a rare one; the ranking then
 * puts names that start with the keyword first. Typing more narrows the set.
 */
const NAME_CANDIDATES = 30;
/** Below three letters there is no trigram to look up: only name prefixes are searched. */
const TRIGRAM_MIN = 3;
/** A normalised number shorter than this is not a phone number (and would match too much). */
const PHONE_MIN_DIGITS = 7;
const PHONE_FIELDS = ['phone', 'phone_2', 'mobile'] as const;

interface HitRow {
  id: number;
  name: string | null;
  agent_name: string | null;
  phone: string | null;
  notes: SearchNote[] | null;
}

export function createSearchService(db: Kysely<Database>, scope: LeadScope): SearchService {
  /** The lead table's access when the user may read `field` of leads; else no search at all. */
  async function leadsReading(user: EngineUser, field: string): Promise<TableAccess | null> {
    const access = await scope.access(user);
    return access && access.readableNames.has(field) ? access : null;
  }

  /** The folded name expression: the generated shadow column when registered (indexed), else computed. */
  function foldedName(access: TableAccess): RawBuilder<unknown> {
    const searchColumn = access.table.fieldsByName.get('name')?.searchColumn;
    return searchColumn ? column(searchColumn) : foldedText(column('name'));
  }

  /**
   * Ranks and decorates the candidates `where` selects inside the user's scope. The inner query names
   * only the leads table, so the scope's unqualified columns resolve there. Agent and phone are read only
   * when the user may read agent_id and phone; notes follow the lead (as on the lead detail page), chat
   * messages left out.
   */
  async function hits(
    access: TableAccess,
    where: Condition,
    rank: RawBuilder<unknown>,
    candidates: number,
  ): Promise<SearchResult[]> {
    const source = sql.id(access.table.sourceTable);
    const readsAgent = access.readableNames.has('agent_id');
    const readsPhone = access.readableNames.has('phone');
    const { rows } = await sql<HitRow>`with candidates as (
        select ${column('id')} as id, ${column('name')} as name, ${rank} as rank,
          ${readsAgent ? column('agent_id') : sql`null::int`} as agent_id,
          ${readsPhone ? column('phone') : sql`null::text`} as phone
        from ${source}
        where ${access.scope} and ${where}
        limit ${candidates}
      ), top as (
        select * from candidates order by rank, id desc limit ${SEARCH_RESULT_LIMIT}
      )
      select top.id, top.name, u.name as agent_name, top.phone,
        (select coalesce(json_agg(n order by n.id desc), '[]'::json) from (
          select ln.id, ln.body, to_char(ln.created_at, 'YYYY-MM-DD HH24:MI:SS') as created_at, ln.agent_name
          from lead_notes ln
          where ln.lead_id = top.id and ln.note_status_id is distinct from ${CHAT_NOTE_STATUS_ID}
          order by ln.id desc
          limit ${SEARCH_NOTES_PER_LEAD}) n) as notes
      from top
      left join users u on u.id = top.agent_id
      order by top.rank, top.id desc`.execute(db);
    return rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      agent_name: row.agent_name,
      ...(readsPhone ? { phone: row.phone } : {}),
      last_notes: (row.notes ?? []).map((note) => ({
        body: note.body,
        created_at: note.created_at,
        agent_name: note.agent_name,
      })),
    }));
  }

  return {
    async byName(user, keyword) {
      const folded = normalizeSearchText(keyword);
      if (folded === '') return [];
      const access = await leadsReading(user, 'name');
      if (!access) return [];
      const name = foldedName(access);
      const escaped = escapeLikePattern(folded);
      const prefix = `${escaped}%`;
      const starts = sql<boolean>`${name} like ${prefix} escape '\\'`;
      if ([...folded].length < TRIGRAM_MIN) return hits(access, starts, sql`0`, NAME_CANDIDATES);
      // Names that start with the keyword rank first. When they alone fill the answer, the search inside
      // names is not needed: the prefix index finds them at once, where the trigram index's work grows
      // with the table (~50 ms for "ayşe yılmaz" among 10,000,000 leads).
      const starting = await hits(access, starts, sql`0`, SEARCH_RESULT_LIMIT);
      if (starting.length >= SEARCH_RESULT_LIMIT) return starting;
      // Fewer: those are all of them. The rest of the answer comes from inside names, ranked 1 where a
      // later word starts with the keyword, 2 where it is inside a word.
      const inside = and([
        sql<boolean>`${name} like ${`%${escaped}%`} escape '\\'`,
        sql<boolean>`not (${starts})`,
      ]);
      const rank = sql`case when ${name} like ${`% ${escaped}%`} escape '\\' then 1 else 2 end`;
      const rest = await hits(access, inside, rank, NAME_CANDIDATES);
      return [...starting, ...rest].slice(0, SEARCH_RESULT_LIMIT);
    },

    async byPhone(user, keyword) {
      const digits = normalizePhone(keyword);
      if (digits.length < PHONE_MIN_DIGITS) return [];
      const access = await scope.access(user);
      if (!access) return [];
      const readable = PHONE_FIELDS.filter((field) => access.readableNames.has(field));
      if (readable.length === 0) return [];
      // The GIN index on phones_normalized finds the candidates; when some numbers are not readable, the
      // match must also be on one the user may read, or the search would reveal a hidden number.
      const indexed = sql<boolean>`phones_normalized @> array[${digits}]::text[]`;
      const where =
        readable.length === PHONE_FIELDS.length
          ? indexed
          : sql<boolean>`${indexed} and ${or(
              readable.map((field) => sql<boolean>`${sql.raw(normalizePhoneSql(`"${field}"`))} = ${digits}`),
            )}`;
      return hits(access, where, sql`0`, SEARCH_RESULT_LIMIT);
    },

    async suggest(user, keyword) {
      const folded = normalizeSearchText(keyword);
      if (folded === '') return [];
      const access = await leadsReading(user, 'name');
      if (!access) return [];
      const name = foldedName(access);
      // ~<~ is the order of text_pattern_ops: the prefix index (migration 005) is read in order and the
      // scan stops after the first page.
      const { rows } = await sql<{ id: number; name: string | null }>`select ${column('id')} as id,
          ${column('name')} as name
        from ${sql.id(access.table.sourceTable)}
        where ${access.scope} and ${name} like ${`${escapeLikePattern(folded)}%`} escape '\\'
        order by ${name} using ~<~, ${column('id')} desc
        limit ${SEARCH_RESULT_LIMIT}`.execute(db);
      return rows.map((row) => ({ id: Number(row.id), name: row.name }));
    },
  };
}
