import { sql, type Kysely, type Selectable } from 'kysely';
import {
  CHAT_RATE_LIMIT,
  CHAT_UNREAD_CAP,
  type CallResult,
  type ChatMessage,
  type SortInput,
} from '../../../shared/contract';
import { stripBidiControls } from '../../../shared/domain/bidi';
import { CHAT_NOTE_STATUS_ID } from '../../../shared/domain/constants';
import { mentionedLeadIds } from '../../../shared/domain/chat-mentions';
import { mentionedUserIds } from '../../../shared/domain/chat-user-mentions';
import { format, messages } from '../../../shared/i18n/messages';
import type { ChatChannelsTable, Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import { compileFilters, type FilterCondition } from '../../engine/filter-compiler';
import type { LeadScope } from '../../engine/lead-scope';
import { loadPermissionRow } from '../../engine/permission-resolver';
import { recordNotFound } from '../../engine/record-store';
import type { TableRegistry } from '../../engine/registry';
import { and, column, type Condition } from '../../engine/sql-helpers';
import type { EngineUser } from '../../engine/types';
import type { Realtime } from '../../kernel/realtime-port';
import type { ChatMessageEvent } from '../../../shared/contract/realtime';

/** The menu entry (crm_tables, url 'chat') whose permission row says who chats (show) and manages (update). */
export const CHAT_TABLE = 'chat';
/** The registered notes table: chat filters use its field definitions. */
const NOTES_TABLE = 'lead_notes';
/** Fields of a message a chat filter or sort may name. */
const CHAT_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'body',
  'insert_agent_id',
  'agent_name',
  'created_at',
]);
const SORTABLE: ReadonlySet<string> = new Set(['id', 'created_at']);

export type ChatUser = EngineUser & { name: string };
type ChannelRow = Selectable<ChatChannelsTable>;

export interface ChatMessagesQuery {
  id: number;
  page: number;
  limit: number;
  sort?: SortInput | undefined;
  filters: readonly FilterCondition[];
}

export interface ChatService {
  channels(user: EngineUser): Promise<CallResult<'chatChannels'>>;
  users(user: EngineUser): Promise<CallResult<'chatUsers'>>;
  addChannel(user: EngineUser, name: string): Promise<CallResult<'chatChannelAdd'>>;
  renameChannel(user: EngineUser, id: number, name: string): Promise<CallResult<'chatChannelSave'>>;
  archiveChannel(user: EngineUser, id: number, archived: 0 | 1): Promise<CallResult<'chatChannelArchive'>>;
  messages(user: EngineUser, query: ChatMessagesQuery): Promise<CallResult<'chatMessages'>>;
  send(
    user: ChatUser,
    input: { body: string; channel_id?: number | undefined; user_id?: number | undefined },
  ): Promise<CallResult<'chatSend'>>;
  markRead(user: EngineUser, id: number, lastId: number): Promise<CallResult<'chatRead'>>;
}

export interface ChatDeps {
  db: Kysely<Database>;
  registry: TableRegistry;
  leadScope: LeadScope;
  realtime: Realtime;
}

/** The messages of a channel: chat notes (status 7) that belong to no lead. */
function chatRowsOf(channelId: number): Condition {
  return sql<boolean>`channel_id = ${channelId} and note_status_id = ${CHAT_NOTE_STATUS_ID} and lead_id is null`;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

/** A channel was added, renamed or archived: no message, nobody to tell outside the chat screen. */
const channelChange = (channelId: number, userId: number): ChatMessageEvent => ({
  channel_id: channelId,
  message_id: null,
  from_user_id: userId,
  from_user_name: null,
  direct: false,
  mentioned_user_ids: [],
});

const journalValues = (changes: Record<string, { old: unknown; new: unknown }>): string =>
  JSON.stringify(changes);

export function createChatService({ db, registry, leadScope, realtime }: ChatDeps): ChatService {
  /** Who has chat at all (show), and who manages channels (update). Without it chat answers 404. */
  async function chatFlags(user: EngineUser): Promise<{ manage: boolean }> {
    const row = await loadPermissionRow(db, user.user_group_id, CHAT_TABLE);
    if (!row || row.show !== 1) throw DomainError.notFound(messages.tableNotFound);
    return { manage: row.update === 1 };
  }

  async function requireManager(user: EngineUser): Promise<void> {
    const { manage } = await chatFlags(user);
    if (!manage) throw DomainError.forbidden(messages.forbidden);
  }

  /**
   * The channel if the user may read it: any channel, or a direct conversation of the user's own. Missing
   * and foreign answer the same 404. `lock` takes the row for the rest of the transaction.
   */
  async function requireChannel(
    executor: Kysely<Database>,
    user: EngineUser,
    id: number,
    lock: 'update' | 'share' | null = null,
  ): Promise<ChannelRow> {
    let query = executor.selectFrom('chat_channels').selectAll().where('id', '=', id);
    if (lock === 'update') query = query.forUpdate();
    if (lock === 'share') query = query.forShare();
    const row = await query.executeTakeFirst();
    if (!row) throw recordNotFound();
    if (row.kind === 'direct' && row.direct_low !== user.id && row.direct_high !== user.id) {
      throw recordNotFound();
    }
    return row;
  }

  /** A channel the user may read: an archived one only for those who manage channels (admins). */
  async function readableChannel(user: EngineUser, id: number): Promise<ChannelRow> {
    const { manage } = await chatFlags(user);
    const channel = await requireChannel(db, user, id);
    if (channel.archived === 1 && !manage) throw recordNotFound();
    return channel;
  }

  /**
   * The sender's messages of the last window: past the limit the message is refused with how long to
   * wait. The lock makes parallel sends of one user count one after another (on every node).
   */
  async function requireSendRate(trx: Kysely<Database>, user: EngineUser): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext('chat-send-rate'), ${user.id}::int)`.execute(trx);
    const window = sql`date_trunc('second', localtimestamp) - make_interval(secs => ${CHAT_RATE_LIMIT.windowSeconds})`;
    const { rows } = await sql<{ sent: number; wait: number | null }>`select count(*)::int as sent,
        ceil(extract(epoch from (min(created_at) - ${window})))::int as wait
      from lead_notes
      where insert_agent_id = ${user.id} and note_status_id = ${CHAT_NOTE_STATUS_ID} and lead_id is null
        and created_at > ${window}`.execute(trx);
    const sent = Number(rows[0]?.sent ?? 0);
    if (sent < CHAT_RATE_LIMIT.messages) return;
    const wait = Math.min(CHAT_RATE_LIMIT.windowSeconds, Math.max(1, Number(rows[0]?.wait ?? 1)));
    throw DomainError.tooMany(
      format(messages.chatRateLimited, { seconds: CHAT_RATE_LIMIT.windowSeconds }),
      wait,
    );
  }

  /** Who is told about a change of the channel: its two users, or everyone for a channel. */
  function audience(channel: ChannelRow): readonly number[] | 'all' {
    if (channel.kind === 'channel') return 'all';
    return [channel.direct_low, channel.direct_high].filter((id): id is number => id !== null);
  }

  /** Colleagues with chat that a channel message mentions by `@Name` (docs/user-guide.md#notifications). */
  async function mentionedColleagues(user: EngineUser, body: string): Promise<number[]> {
    if (!body.includes('@')) return [];
    const rows = await db
      .selectFrom('users')
      .innerJoin('permissions', 'permissions.user_group_id', 'users.user_group_id')
      .select(['users.id', 'users.name'])
      .where('users.active', '=', 1)
      .where('permissions.table_name', '=', CHAT_TABLE)
      .where('permissions.show', '=', 1)
      .execute();
    return mentionedUserIds(
      body,
      rows.map((row) => ({ id: row.id, name: stripBidiControls(row.name ?? '') })),
      user.id,
    );
  }

  async function otherUserName(channel: ChannelRow, user: EngineUser): Promise<string> {
    const otherId = channel.direct_low === user.id ? channel.direct_high : channel.direct_low;
    if (otherId === null) return '';
    const row = await db.selectFrom('users').select('name').where('id', '=', otherId).executeTakeFirst();
    return stripBidiControls(row?.name ?? '');
  }

  /**
   * The mentioned leads the reader may open, with their names when the reader may read names. A lead
   * outside the reader's scope is left out entirely: not even its existence is told.
   */
  async function visibleLeads(user: EngineUser, ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const leads = await leadScope.access(user);
    if (!leads) return new Map();
    const name = leads.readableNames.has('name') ? column('name') : sql`null`;
    const where = and([sql<boolean>`${column('id')} in (${sql.join(ids)})`, leads.scope]);
    const { rows } = await sql<{ id: number; name: string | null }>`select ${column('id')} as id,
      ${name} as name from ${sql.id(leads.table.sourceTable)} where ${where}`.execute(db);
    return new Map(rows.map((row) => [Number(row.id), row.name ?? '']));
  }

  async function toMessages(
    user: EngineUser,
    rows: readonly {
      id: number;
      body: string;
      channel_id: number | null;
      insert_agent_id: number | null;
      agent_name: string | null;
      created_at: string;
    }[],
  ): Promise<ChatMessage[]> {
    const mentioned = rows.map((row) => mentionedLeadIds(row.body));
    const leads = await visibleLeads(user, [...new Set(mentioned.flat())]);
    return rows.map((row, index) => ({
      id: row.id,
      // Stored before names and messages lost their bidi controls: shown without them all the same.
      body: stripBidiControls(row.body),
      channel_id: row.channel_id ?? 0,
      note_status_id: CHAT_NOTE_STATUS_ID,
      insert_agent_id: row.insert_agent_id,
      agent_name: row.agent_name,
      created_at: row.created_at,
      mentions: (mentioned[index] ?? []).flatMap((id) => {
        const name = leads.get(id);
        return name === undefined ? [] : [{ id, name }];
      }),
    }));
  }

  async function filterConditions(filters: readonly FilterCondition[]): Promise<Condition[]> {
    if (filters.length === 0) return [];
    const table = await registry.getTable(NOTES_TABLE);
    if (!table) throw DomainError.invalid(messages.invalidRequest);
    return compileFilters(filters, { table, listable: CHAT_FIELDS });
  }

  /** A direct conversation's partner must be an active colleague who has chat, never oneself. */
  async function requireRecipient(
    executor: Kysely<Database>,
    user: EngineUser,
    recipientId: number,
  ): Promise<void> {
    if (recipientId === user.id) throw DomainError.invalid(messages.chatRecipientInvalid);
    const row = await executor
      .selectFrom('users')
      .innerJoin('permissions', 'permissions.user_group_id', 'users.user_group_id')
      .select('users.id')
      .where('users.id', '=', recipientId)
      .where('users.active', '=', 1)
      .where('permissions.table_name', '=', CHAT_TABLE)
      .where('permissions.show', '=', 1)
      .executeTakeFirst();
    if (!row) throw DomainError.invalid(messages.chatRecipientInvalid);
  }

  /** The pair's conversation, created on its first message; two first messages at once share one. */
  async function directChannel(
    trx: Kysely<Database>,
    user: EngineUser,
    otherId: number,
  ): Promise<ChannelRow> {
    const [low, high] = user.id < otherId ? [user.id, otherId] : [otherId, user.id];
    await trx
      .insertInto('chat_channels')
      .values({ kind: 'direct', name: null, direct_low: low, direct_high: high, created_by: user.id })
      .onConflict((oc) => oc.columns(['direct_low', 'direct_high']).doNothing())
      .execute();
    return trx
      .selectFrom('chat_channels')
      .selectAll()
      .where('direct_low', '=', low)
      .where('direct_high', '=', high)
      .forShare()
      .executeTakeFirstOrThrow();
  }

  async function nameTaken(trx: Kysely<Database>, name: string, exceptId: number | null): Promise<boolean> {
    let query = trx
      .selectFrom('chat_channels')
      .select('id')
      .where('kind', '=', 'channel')
      .where(sql<boolean>`lower(name) = lower(${name})`);
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  return {
    async channels(user) {
      const { manage } = await chatFlags(user);
      const me = user.id;
      const { rows } = await sql<{
        id: number;
        kind: 'channel' | 'direct';
        name: string | null;
        archived: number;
        other_id: number | null;
        other_name: string | null;
        last_message_at: string | null;
        unread: number;
      }>`select c.id, c.kind, c.name, c.archived, u.id as other_id, u.name as other_name,
          (select n.created_at from lead_notes n
            where n.channel_id = c.id and n.note_status_id = ${CHAT_NOTE_STATUS_ID} and n.lead_id is null
            order by n.id desc limit 1) as last_message_at,
          (select count(*)::int from (select 1 from lead_notes n
            where n.channel_id = c.id and n.note_status_id = ${CHAT_NOTE_STATUS_ID} and n.lead_id is null
              and n.id > coalesce(r.last_read_id, 0) and n.insert_agent_id is distinct from ${me}
            limit ${CHAT_UNREAD_CAP + 1}) unread_rows) as unread
        from chat_channels c
        left join chat_read_markers r on r.channel_id = c.id and r.user_id = ${me}
        left join users u on c.kind = 'direct'
          and u.id = case when c.direct_low = ${me} then c.direct_high else c.direct_low end
        where (c.kind = 'channel' and (c.archived = 0 or ${manage}))
          or (c.kind = 'direct' and ${me} in (c.direct_low, c.direct_high))
        order by lower(c.name), c.id`.execute(db);
      const channels = rows
        .filter((row) => row.kind === 'channel')
        .map((row) => ({
          id: row.id,
          name: stripBidiControls(row.name ?? ''),
          archived: row.archived === 1 ? (1 as const) : (0 as const),
          unread: Number(row.unread),
          last_message_at: row.last_message_at,
        }));
      // Conversations with the newest message first; a name breaks ties.
      const directs = rows
        .filter((row) => row.kind === 'direct' && row.other_id !== null)
        .map((row) => ({
          id: row.id,
          user_id: row.other_id ?? 0,
          user_name: stripBidiControls(row.other_name ?? ''),
          unread: Number(row.unread),
          last_message_at: row.last_message_at,
        }))
        .sort(
          (a, b) =>
            (b.last_message_at ?? '').localeCompare(a.last_message_at ?? '') ||
            a.user_name.localeCompare(b.user_name, 'tr'),
        );
      return { channels, directs, can_manage: manage };
    },

    async users(user) {
      await chatFlags(user);
      const rows = await db
        .selectFrom('users')
        .innerJoin('permissions', 'permissions.user_group_id', 'users.user_group_id')
        .select(['users.id', 'users.name'])
        .where('users.active', '=', 1)
        .where('users.id', '<>', user.id)
        .where('permissions.table_name', '=', CHAT_TABLE)
        .where('permissions.show', '=', 1)
        .orderBy('users.name')
        .orderBy('users.id')
        .execute();
      return { results: rows };
    },

    async addChannel(user, name) {
      await chatFlags(user);
      let id: number;
      try {
        id = await db.transaction().execute(async (trx) => {
          if (await nameTaken(trx, name, null)) throw DomainError.conflict(messages.chatChannelNameTaken);
          const row = await trx
            .insertInto('chat_channels')
            .values({ kind: 'channel', name, created_by: user.id })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('chat_channel_journal')
            .values({
              channel_id: row.id,
              agent_id: user.id,
              values: journalValues({ name: { old: null, new: name } }),
            })
            .execute();
          return row.id;
        });
      } catch (error) {
        // Two people naming a channel alike at once: the unique index refuses the second.
        if (isUniqueViolation(error)) throw DomainError.conflict(messages.chatChannelNameTaken);
        throw error;
      }
      realtime.chatMessage('all', channelChange(id, user.id));
      return { success: true, msg: messages.chatChannelAdded, id };
    },

    async renameChannel(user, id, name) {
      await requireManager(user);
      try {
        await db.transaction().execute(async (trx) => {
          const channel = await requireChannel(trx, user, id, 'update');
          if (channel.kind !== 'channel') throw recordNotFound();
          if (channel.name === name) return;
          if (await nameTaken(trx, name, id)) throw DomainError.conflict(messages.chatChannelNameTaken);
          await trx.updateTable('chat_channels').set({ name }).where('id', '=', id).execute();
          await trx
            .insertInto('chat_channel_journal')
            .values({
              channel_id: id,
              agent_id: user.id,
              values: journalValues({ name: { old: channel.name, new: name } }),
            })
            .execute();
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw DomainError.conflict(messages.chatChannelNameTaken);
        throw error;
      }
      realtime.chatMessage('all', channelChange(id, user.id));
      return { success: true, msg: messages.chatChannelRenamed };
    },

    async archiveChannel(user, id, archived) {
      await requireManager(user);
      await db.transaction().execute(async (trx) => {
        const channel = await requireChannel(trx, user, id, 'update');
        if (channel.kind !== 'channel') throw recordNotFound();
        // Two admins clicking at once: the second sees the state the first left and is told so.
        if (channel.archived === archived) {
          throw DomainError.conflict(
            archived === 1 ? messages.chatChannelAlreadyArchived : messages.chatChannelNotArchived,
          );
        }
        await trx.updateTable('chat_channels').set({ archived }).where('id', '=', id).execute();
        await trx
          .insertInto('chat_channel_journal')
          .values({
            channel_id: id,
            agent_id: user.id,
            values: journalValues({ archived: { old: channel.archived, new: archived } }),
          })
          .execute();
      });
      realtime.chatMessage('all', channelChange(id, user.id));
      return {
        success: true,
        msg: archived === 1 ? messages.chatChannelArchivedDone : messages.chatChannelRestored,
      };
    },

    async messages(user, query) {
      const channel = await readableChannel(user, query.id);
      const sort = query.sort ?? { name: 'id', type: 'desc' as const };
      if (!SORTABLE.has(sort.name)) throw DomainError.invalid(messages.invalidRequest);
      const where = and([chatRowsOf(channel.id), ...(await filterConditions(query.filters))]);
      const direction = sort.type === 'asc' ? sql`asc` : sql`desc`;
      const offset = (query.page - 1) * query.limit;
      const [rows, count] = await Promise.all([
        db
          .selectFrom('lead_notes')
          .select(['id', 'body', 'channel_id', 'insert_agent_id', 'agent_name', 'created_at'])
          .where(where)
          .orderBy(sql`${column(sort.name)} ${direction}`)
          .orderBy('id', sort.type)
          .limit(query.limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('lead_notes')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where(where)
          .executeTakeFirst(),
      ]);
      return {
        results: await toMessages(user, rows),
        total: Number(count?.total ?? 0),
        page: query.page,
        channel: {
          id: channel.id,
          kind: channel.kind,
          name:
            channel.kind === 'channel'
              ? stripBidiControls(channel.name ?? '')
              : await otherUserName(channel, user),
          archived: channel.archived === 1 ? 1 : 0,
        },
      };
    },

    async send(user, input) {
      await chatFlags(user);
      if (input.channel_id === undefined && input.user_id === undefined) {
        throw DomainError.invalid(messages.chatTargetRequired);
      }
      if (input.channel_id === undefined && input.user_id !== undefined) {
        await requireRecipient(db, user, input.user_id);
      }
      const { channel, row } = await db.transaction().execute(async (trx) => {
        // Shared lock: an archive in progress finishes first, and this message sees its result.
        const target =
          input.channel_id !== undefined
            ? await requireChannel(trx, user, input.channel_id, 'share')
            : await directChannel(trx, user, input.user_id ?? 0);
        if (target.archived === 1) throw DomainError.conflict(messages.chatChannelArchived);
        await requireSendRate(trx, user);
        // A conversation whose other user has left (deactivated, or lost chat) takes no new messages.
        if (target.kind === 'direct' && input.channel_id !== undefined) {
          const otherId = target.direct_low === user.id ? target.direct_high : target.direct_low;
          await requireRecipient(trx, user, otherId ?? 0);
        }
        const inserted = await trx
          .insertInto('lead_notes')
          .values({
            lead_id: null,
            body: input.body,
            notification: 0,
            channel_id: target.id,
            note_status_id: CHAT_NOTE_STATUS_ID,
            insert_agent_id: user.id,
            agent_name: user.name,
            agents: [user.id],
          })
          .returning(['id', 'body', 'channel_id', 'insert_agent_id', 'agent_name', 'created_at'])
          .executeTakeFirstOrThrow();
        // One's own message is read.
        await trx
          .insertInto('chat_read_markers')
          .values({ channel_id: target.id, user_id: user.id, last_read_id: inserted.id })
          .onConflict((oc) =>
            oc.columns(['channel_id', 'user_id']).doUpdateSet({
              last_read_id: sql<number>`greatest(chat_read_markers.last_read_id, excluded.last_read_id)`,
            }),
          )
          .execute();
        return { channel: target, row: inserted };
      });
      realtime.chatMessage(audience(channel), {
        channel_id: channel.id,
        message_id: row.id,
        from_user_id: user.id,
        from_user_name: stripBidiControls(user.name),
        direct: channel.kind === 'direct',
        mentioned_user_ids: channel.kind === 'channel' ? await mentionedColleagues(user, row.body) : [],
      });
      const [message] = await toMessages(user, [row]);
      if (!message) throw new Error('chat message not returned');
      return { success: true, msg: messages.chatMessageSent, message };
    },

    async markRead(user, id, lastId) {
      const channel = await readableChannel(user, id);
      // Never past the channel's newest message: a marker ahead would hide messages still to come.
      await sql`insert into chat_read_markers (channel_id, user_id, last_read_id)
        select ${channel.id}, ${user.id}, least(${lastId}::int, coalesce(max(id), 0))
          from lead_notes where ${chatRowsOf(channel.id)}
        on conflict (channel_id, user_id) do update
          set last_read_id = greatest(chat_read_markers.last_read_id, excluded.last_read_id)`.execute(db);
      return { success: true };
    },
  };
}
