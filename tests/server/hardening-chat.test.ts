import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import { CHAT_RATE_LIMIT, type CallResult } from '../../src/shared/contract';
import { format, messages } from '../../src/shared/i18n/messages';
import { failureMessage, okAnswer, startDemoServer, type DemoServer } from './support/demo-server';
import { postForm } from './support/http';

/** Chat as a hostile colleague meets it: spoofed names, archived channels, a burst (docs/security.md#chat). */

let server: DemoServer;
let db: Kysely<Database>;

const post = (path: string, body: Record<string, unknown>, token: string) =>
  postForm(server.app, `/api${path}`, body, token);

const RLO = '\u202e';
const BIDI = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
];

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('chat: bidi control characters', () => {
  it('strips them from channel names on add and rename, and from messages', async () => {
    const added = okAnswer<CallResult<'chatChannelAdd'>>(
      await post('/chat/channel/add', { name: `Satış${RLO}fdp.exe` }, server.users.sales.token),
    );
    const stored = await db
      .selectFrom('chat_channels')
      .select('name')
      .where('id', '=', added.id)
      .executeTakeFirstOrThrow();
    expect(stored.name).toBe('Satışfdp.exe');

    okAnswer(
      await post(
        '/chat/channel/save',
        { id: added.id, name: `Ye${BIDI.join('')}ni` },
        server.users.admin.token,
      ),
    );
    const renamed = await db
      .selectFrom('chat_channels')
      .select('name')
      .where('id', '=', added.id)
      .executeTakeFirstOrThrow();
    expect(renamed.name).toBe('Yeni');

    // A name of nothing but controls is no name.
    expect(
      failureMessage(await post('/chat/channel/add', { name: BIDI.join('') }, server.users.sales.token), 400),
    ).toBe(messages.chatChannelNameRequired);

    const sent = okAnswer<CallResult<'chatSend'>>(
      await post(
        '/chat/send',
        { channel_id: added.id, body: `merhaba ${RLO}txt.exe\u2066 dünya` },
        server.users.sales.token,
      ),
    );
    expect(sent.message.body).toBe('merhaba txt.exe dünya');
    const row = await db
      .selectFrom('lead_notes')
      .select('body')
      .where('id', '=', sent.message.id)
      .executeTakeFirstOrThrow();
    expect(row.body).toBe('merhaba txt.exe dünya');
  });

  it('answers names and messages stored before without their controls', async () => {
    const channel = await db
      .insertInto('chat_channels')
      .values({ kind: 'channel', name: `Eski${RLO}Kanal`, created_by: server.users.admin.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('lead_notes')
      .values({
        lead_id: null,
        body: `eski ${RLO}mesaj`,
        notification: 0,
        channel_id: channel.id,
        note_status_id: 7,
        insert_agent_id: server.users.admin.id,
        agent_name: 'Yönetici',
        agents: [server.users.admin.id],
      })
      .execute();
    const list = okAnswer<CallResult<'chatChannels'>>(
      await post('/chat/channels', {}, server.users.sales.token),
    );
    expect(list.channels.find((item) => item.id === channel.id)?.name).toBe('EskiKanal');
    const page = okAnswer<CallResult<'chatMessages'>>(
      await post(
        '/chatMessages/lead_notes',
        { table: 'lead_notes', id: channel.id },
        server.users.sales.token,
      ),
    );
    expect(page.channel.name).toBe('EskiKanal');
    expect(page.results.map((message) => message.body)).toEqual(['eski mesaj']);
  });
});

describe('chat: archived channels', () => {
  it('are readable by admins only; others get the 404 of a missing channel', async () => {
    const { id } = okAnswer<CallResult<'chatChannelAdd'>>(
      await post('/chat/channel/add', { name: 'Arşivlenecek' }, server.users.sales.token),
    );
    okAnswer(await post('/chat/send', { channel_id: id, body: 'gizli kalacak' }, server.users.sales.token));
    okAnswer(await post('/chat/channel/archive', { id, archived: 1 }, server.users.admin.token));

    const read = (token: string) => post('/chatMessages/lead_notes', { table: 'lead_notes', id }, token);
    expect(failureMessage(await read(server.users.sales.token), 404)).toBe(messages.recordNotFound);
    expect(failureMessage(await read(server.users.sales2.token), 404)).toBe(messages.recordNotFound);
    expect(failureMessage(await post('/chat/read', { id, last_id: 1 }, server.users.sales.token), 404)).toBe(
      messages.recordNotFound,
    );
    const admin = okAnswer<CallResult<'chatMessages'>>(await read(server.users.admin.token));
    expect(admin.results.map((message) => message.body)).toEqual(['gizli kalacak']);
  });
});

describe('chat: a per-user rate limit', () => {
  it(`takes ${CHAT_RATE_LIMIT.messages} messages in ${CHAT_RATE_LIMIT.windowSeconds} s, refuses the rest in Turkish, keeps what was sent`, async () => {
    const { id } = okAnswer<CallResult<'chatChannelAdd'>>(
      await post('/chat/channel/add', { name: 'Hızlı Kanal' }, server.users.sales2.token),
    );
    const body = 'x'.repeat(4000);
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        post('/chat/send', { channel_id: id, body }, server.users.sales2.token),
      ),
    );
    const ok = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(ok).toHaveLength(CHAT_RATE_LIMIT.messages);
    expect(refused).toHaveLength(60 - CHAT_RATE_LIMIT.messages);
    expect(refused[0]?.json<{ msg: string }>().msg).toBe(
      format(messages.chatRateLimited, { seconds: CHAT_RATE_LIMIT.windowSeconds }),
    );
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);
    const stored = await db
      .selectFrom('lead_notes')
      .select('id')
      .where('channel_id', '=', id)
      .where('note_status_id', '=', 7)
      .execute();
    expect(stored).toHaveLength(CHAT_RATE_LIMIT.messages);
    // Another user is not held up by this one's burst.
    okAnswer(
      await post('/chat/send', { channel_id: id, body: 'ben de buradayım' }, server.users.sales.token),
    );
  });
});
