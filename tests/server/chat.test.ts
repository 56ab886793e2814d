import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import {
  SOCKET_PATH,
  type CallResult,
  type ChatMessage,
  type ChatMessageEvent,
} from '../../src/shared/contract';
import { CHAT_NOTE_STATUS_ID } from '../../src/shared/domain/constants';
import { messages } from '../../src/shared/i18n/messages';
import { failureMessage, okAnswer, startDemoServer, type DemoServer } from './support/demo-server';
import { postForm } from './support/http';
import { forgetCaches } from './support/caches';

let server: DemoServer;
let db: Kysely<Database>;
let admin: string;
let sales: string;
let sales2: string;
let ownLead: number;
let foreignLead: number;
let port: number;
const sockets: Socket[] = [];

const post = (path: string, body: Record<string, unknown>, token: string) =>
  postForm(server.app, `/api${path}`, body, token);

async function addChannel(name: string, token = sales): Promise<number> {
  return okAnswer<CallResult<'chatChannelAdd'>>(await post('/chat/channel/add', { name }, token)).id;
}

async function send(body: Record<string, unknown>, token = sales): Promise<ChatMessage> {
  return okAnswer<CallResult<'chatSend'>>(await post('/chat/send', body, token)).message;
}

async function channels(token: string): Promise<CallResult<'chatChannels'>> {
  return okAnswer<CallResult<'chatChannels'>>(await post('/chat/channels', {}, token));
}

async function readMessages(
  id: number,
  token: string,
  extra: Record<string, unknown> = {},
): Promise<CallResult<'chatMessages'>> {
  return okAnswer<CallResult<'chatMessages'>>(
    await post('/chatMessages/lead_notes', { table: 'lead_notes', id, ...extra }, token),
  );
}

async function leadOfTeam(teamId: number, name: string): Promise<number> {
  const row = await db
    .insertInto('leads')
    .values({ name, team_id: teamId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function openSocket(token: string): Promise<Socket> {
  const socket = connect(`http://127.0.0.1:${port}`, {
    path: SOCKET_PATH,
    auth: { token },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** The chat pushes a socket gets while `during` runs, plus a short grace for the network. */
async function pushesDuring(socket: Socket, during: () => Promise<unknown>): Promise<ChatMessageEvent[]> {
  const received: ChatMessageEvent[] = [];
  const listener = (payload: ChatMessageEvent): void => {
    received.push(payload);
  };
  socket.on('chatMessage', listener);
  await during();
  await new Promise((resolve) => setTimeout(resolve, 300));
  socket.off('chatMessage', listener);
  return received;
}

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
  admin = server.users.admin.token;
  sales = server.users.sales.token;
  sales2 = server.users.sales2.token;
  ownLead = await leadOfTeam(server.users.sales.team_id, 'Sohbet Kendi Leadi');
  foreignLead = await leadOfTeam(server.users.sales2.team_id, 'Sohbet Yabancı Lead');
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server.close();
});

describe('channels', () => {
  it('anyone with chat adds a channel; names are unique whatever their case', async () => {
    const id = await addChannel('Satış Ekibi');
    expect((await channels(sales2)).channels.map((c) => c.id)).toContain(id);
    const again = await post('/chat/channel/add', { name: '  satış ekibi ' }, sales2);
    expect(failureMessage(again, 409)).toBe(messages.chatChannelNameTaken);
    expect(failureMessage(await post('/chat/channel/add', { name: ' ' }, sales), 400)).toBe(
      messages.chatChannelNameRequired,
    );
  });

  it('only managers rename and archive; archived channels leave the list and take no messages', async () => {
    const id = await addChannel('Duyurular');
    expect((await channels(sales)).can_manage).toBe(false);
    expect((await channels(admin)).can_manage).toBe(true);
    expect(failureMessage(await post('/chat/channel/save', { id, name: 'X' }, sales), 403)).toBe(
      messages.forbidden,
    );
    okAnswer(await post('/chat/channel/save', { id, name: 'Genel Duyurular' }, admin));
    expect((await channels(sales)).channels.find((c) => c.id === id)?.name).toBe('Genel Duyurular');

    expect(failureMessage(await post('/chat/channel/archive', { id, archived: 1 }, sales), 403)).toBe(
      messages.forbidden,
    );
    okAnswer(await post('/chat/channel/archive', { id, archived: 1 }, admin));
    // A second click on the same state is refused clearly, not repeated.
    expect(failureMessage(await post('/chat/channel/archive', { id, archived: 1 }, admin), 409)).toBe(
      messages.chatChannelAlreadyArchived,
    );
    expect((await channels(sales)).channels.map((c) => c.id)).not.toContain(id);
    expect((await channels(admin)).channels.find((c) => c.id === id)?.archived).toBe(1);
    expect(failureMessage(await post('/chat/send', { channel_id: id, body: 'selam' }, admin), 409)).toBe(
      messages.chatChannelArchived,
    );
    okAnswer(await post('/chat/channel/archive', { id, archived: 0 }, admin));
    await send({ channel_id: id, body: 'tekrar açıldı' }, admin);

    const journal = await db
      .selectFrom('chat_channel_journal')
      .select('values')
      .where('channel_id', '=', id)
      .orderBy('id')
      .execute();
    expect(journal.map((row) => row.values)).toEqual([
      { name: { old: null, new: 'Duyurular' } },
      { name: { old: 'Duyurular', new: 'Genel Duyurular' } },
      { archived: { old: 0, new: 1 } },
      { archived: { old: 1, new: 0 } },
    ]);
  });

  it('a group without the chat entry gets the table refusal', async () => {
    const group = server.users.sales.user_group_id;
    await db
      .updateTable('permissions')
      .set({ show: 0 })
      .where('user_group_id', '=', group)
      .where('table_name', '=', 'chat')
      .execute();
    await forgetCaches(server.app);
    try {
      expect(failureMessage(await post('/chat/channels', {}, sales), 404)).toBe(messages.tableNotFound);
      // Nobody can open a conversation with a user who has no chat.
      const refused = await post('/chat/send', { user_id: server.users.sales.id, body: 'selam' }, admin);
      expect(failureMessage(refused, 400)).toBe(messages.chatRecipientInvalid);
    } finally {
      await db
        .updateTable('permissions')
        .set({ show: 1 })
        .where('user_group_id', '=', group)
        .where('table_name', '=', 'chat')
        .execute();
      await forgetCaches(server.app);
    }
  });
});

describe('messages', () => {
  it('are lead notes with note_status_id 7 and no lead, outside the generic notes list', async () => {
    const id = await addChannel('Not Kanalı');
    const sent = await send({ channel_id: id, body: 'Günaydın <b>ekip</b>' });
    expect(sent).toMatchObject({ channel_id: id, note_status_id: CHAT_NOTE_STATUS_ID, mentions: [] });
    const row = await db
      .selectFrom('lead_notes')
      .select(['lead_id', 'note_status_id', 'channel_id', 'insert_agent_id', 'body'])
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      lead_id: null,
      note_status_id: CHAT_NOTE_STATUS_ID,
      channel_id: id,
      insert_agent_id: server.users.sales.id,
      body: 'Günaydın <b>ekip</b>',
    });

    const page = await readMessages(id, sales2);
    expect(page.channel).toEqual({ id, kind: 'channel', name: 'Not Kanalı', archived: 0 });
    expect(page.results.map((m) => m.body)).toEqual(['Günaydın <b>ekip</b>']);
    expect(page.total).toBe(1);

    const notes = okAnswer<CallResult<'table'>>(
      await post('/table/lead_notes', { filters: [{ name: 'id', type: 1, value: sent.id }] }, admin),
    );
    expect(notes.total).toBe(0);
    // Nor can a note be written into a channel through the notes form.
    const forged = await post(
      '/inline/save/',
      {
        table: 'lead_notes',
        type: 'insert_note',
        inputs: { lead_id: ownLead, body: 'sahte', note_status_id: 7, channel_id: id },
      },
      sales,
    );
    expect(forged.statusCode).toBe(403);
    expect((await readMessages(id, sales2)).total).toBe(1);
  });

  it('pages newest first, sorts and filters by the notes fields', async () => {
    const id = await addChannel('Sayfalı');
    const sent: number[] = [];
    for (const body of ['bir', 'iki', 'üç', 'dört']) sent.push((await send({ channel_id: id, body })).id);
    const first = await readMessages(id, sales, { limit: 3 });
    expect(first.results.map((m) => m.body)).toEqual(['dört', 'üç', 'iki']);
    expect(first.total).toBe(4);
    expect((await readMessages(id, sales, { limit: 3, page: 2 })).results.map((m) => m.body)).toEqual([
      'bir',
    ]);
    const after = await readMessages(id, sales, {
      sort: { name: 'id', type: 'asc' },
      filters: [{ name: 'id', type: 4, value: sent[1] }],
    });
    expect(after.results.map((m) => m.body)).toEqual(['üç', 'dört']);
    const bad = await post(
      '/chatMessages/lead_notes',
      { id, filters: [{ name: 'lead_id', type: 1, value: 1 }] },
      sales,
    );
    expect(failureMessage(bad, 400)).toContain('Geçersiz filtre');
  });

  it('shows a mentioned lead only to readers who may open it', async () => {
    const id = await addChannel('Lead Konuşmaları');
    const sent = await send({
      channel_id: id,
      body: `Şunlara bakın: #LEAD${ownLead} ve #LEAD${foreignLead} ve #LEAD999999999`,
    });
    // The writer sees only their own team's lead.
    expect(sent.mentions).toEqual([{ id: ownLead, name: 'Sohbet Kendi Leadi' }]);
    const [forSales2] = (await readMessages(id, sales2)).results;
    expect(forSales2?.mentions).toEqual([{ id: foreignLead, name: 'Sohbet Yabancı Lead' }]);
    const [forAdmin] = (await readMessages(id, admin)).results;
    expect(forAdmin?.mentions).toEqual([
      { id: ownLead, name: 'Sohbet Kendi Leadi' },
      { id: foreignLead, name: 'Sohbet Yabancı Lead' },
    ]);
    // The text itself is stored and answered as written.
    expect(forSales2?.body).toBe(sent.body);
  });

  it('counts unread messages of others until the reader marks them read', async () => {
    const id = await addChannel('Okunmamış');
    await send({ channel_id: id, body: 'benden' }, sales2);
    const unread = (token: string) =>
      channels(token).then((list) => list.channels.find((c) => c.id === id)?.unread);
    expect(await unread(sales)).toBe(1);
    let last = 0;
    for (const body of ['a', 'b', 'c']) last = (await send({ channel_id: id, body })).id;
    expect(await unread(sales2)).toBe(3);
    // Writing in a channel reads it: one's own messages and what came before them.
    expect(await unread(sales)).toBe(0);
    okAnswer(await post('/chat/read', { id, last_id: last }, sales2));
    expect(await unread(sales2)).toBe(0);
    // A marker never runs ahead of the channel.
    okAnswer(await post('/chat/read', { id, last_id: 2_000_000_000 }, sales));
    expect(await unread(sales)).toBe(0);
    await send({ channel_id: id, body: 'yeni' }, sales2);
    expect(await unread(sales)).toBe(1);
  });

  it('refuses an empty or too long message with Turkish text', async () => {
    const id = await addChannel('Doğrulama');
    expect(failureMessage(await post('/chat/send', { channel_id: id, body: '   ' }, sales), 400)).toBe(
      messages.chatMessageRequired,
    );
    const long = await post('/chat/send', { channel_id: id, body: 'x'.repeat(4001) }, sales);
    expect(failureMessage(long, 400)).toContain('4000');
    expect(failureMessage(await post('/chat/send', { body: 'kime?' }, sales), 400)).toBe(
      messages.chatTargetRequired,
    );
  });
});

describe('direct messages', () => {
  it('creates one conversation per pair on the first message and reuses it', async () => {
    const first = await send({ user_id: server.users.sales2.id, body: 'Merhaba' }, sales);
    const reply = await send({ user_id: server.users.sales.id, body: 'Selam' }, sales2);
    expect(reply.channel_id).toBe(first.channel_id);
    const again = await send({ channel_id: first.channel_id, body: 'Nasılsın?' }, sales);
    expect(again.channel_id).toBe(first.channel_id);
    const pairs = await db
      .selectFrom('chat_channels')
      .select('id')
      .where('kind', '=', 'direct')
      .where('direct_low', '=', Math.min(server.users.sales.id, server.users.sales2.id))
      .where('direct_high', '=', Math.max(server.users.sales.id, server.users.sales2.id))
      .execute();
    expect(pairs).toHaveLength(1);

    const mine = (await channels(sales)).directs.find((d) => d.id === first.channel_id);
    expect(mine).toMatchObject({ user_id: server.users.sales2.id });
    const page = await readMessages(first.channel_id, sales2);
    expect(page.channel.kind).toBe('direct');
    expect(page.results.map((m) => m.body)).toEqual(['Nasılsın?', 'Selam', 'Merhaba']);
  });

  it('is for its two users only: others get the same 404 as for a missing channel', async () => {
    const { channel_id: id } = await send({ user_id: server.users.sales2.id, body: 'gizli' }, sales);
    expect((await channels(admin)).directs.map((d) => d.id)).not.toContain(id);
    const foreign = failureMessage(await post('/chatMessages/lead_notes', { id }, admin), 404);
    const missing = failureMessage(await post('/chatMessages/lead_notes', { id: 987654 }, admin), 404);
    expect(foreign).toBe(messages.recordNotFound);
    expect(missing).toBe(foreign);
    expect(failureMessage(await post('/chat/send', { channel_id: id, body: 'araya' }, admin), 404)).toBe(
      messages.recordNotFound,
    );
    expect(failureMessage(await post('/chat/read', { id, last_id: 1 }, admin), 404)).toBe(
      messages.recordNotFound,
    );
    expect(failureMessage(await post('/chat/channel/archive', { id, archived: 1 }, admin), 404)).toBe(
      messages.recordNotFound,
    );
  });

  it('takes no new message once the other user is deactivated', async () => {
    const { id: userId } = await db
      .insertInto('users')
      .values({
        name: 'Ayrılan Kullanıcı',
        email: 'ayrilan@demo.crm',
        password_hash: 'x',
        department: 'sales',
        user_group_id: server.users.sales.user_group_id,
        team_id: server.users.sales.team_id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { channel_id: id } = await send({ user_id: userId, body: 'hoş geldin' }, sales);
    await db.updateTable('users').set({ active: 0 }).where('id', '=', userId).execute();
    await forgetCaches(server.app);
    expect(
      failureMessage(await post('/chat/send', { channel_id: id, body: 'orada mısın?' }, sales), 400),
    ).toBe(messages.chatRecipientInvalid);
    // What was written stays readable.
    expect((await readMessages(id, sales)).results.map((m) => m.body)).toEqual(['hoş geldin']);
  });

  it('refuses a conversation with oneself or an unknown user', async () => {
    const self = await post('/chat/send', { user_id: server.users.sales.id, body: 'ben' }, sales);
    expect(failureMessage(self, 400)).toBe(messages.chatRecipientInvalid);
    const nobody = await post('/chat/send', { user_id: 987654, body: 'kim?' }, sales);
    expect(failureMessage(nobody, 400)).toBe(messages.chatRecipientInvalid);
    const colleagues = okAnswer<CallResult<'chatUsers'>>(await post('/chat/users', {}, sales)).results;
    expect(colleagues.map((u) => u.id)).toContain(server.users.sales2.id);
    expect(colleagues.map((u) => u.id)).not.toContain(server.users.sales.id);
  });
});

describe('pushes', () => {
  it('a channel message reaches every user at once; a direct message only its two users', async () => {
    const [salesSocket, sales2Socket, adminSocket] = await Promise.all([
      openSocket(sales),
      openSocket(sales2),
      openSocket(admin),
    ]);
    const id = await addChannel('Canlı');
    let messageId = 0;
    const [toSales2, toAdmin] = await Promise.all([
      pushesDuring(sales2Socket, async () => {
        messageId = (await send({ channel_id: id, body: 'canlı mesaj' })).id;
      }),
      pushesDuring(adminSocket, () => new Promise((resolve) => setTimeout(resolve, 100))),
    ]);
    const salesName = await userName(server.users.sales.id);
    const expected = {
      channel_id: id,
      message_id: messageId,
      from_user_id: server.users.sales.id,
      from_user_name: salesName,
      direct: false,
      mentioned_user_ids: [],
    };
    expect(toSales2).toContainEqual(expected);
    expect(toAdmin).toContainEqual(expected);

    let direct: ChatMessage | undefined;
    const [dmToSales, dmToAdmin] = await Promise.all([
      pushesDuring(salesSocket, async () => {
        direct = await send({ user_id: server.users.sales.id, body: 'özel' }, sales2);
      }),
      pushesDuring(adminSocket, () => new Promise((resolve) => setTimeout(resolve, 100))),
    ]);
    expect(dmToSales).toContainEqual({
      channel_id: direct?.channel_id,
      message_id: direct?.id,
      from_user_id: server.users.sales2.id,
      from_user_name: await userName(server.users.sales2.id),
      direct: true,
      mentioned_user_ids: [],
    });
    expect(dmToAdmin.filter((event) => event.channel_id === direct?.channel_id)).toEqual([]);
  });

  it('names the colleagues a channel message mentions with @Name, never the sender', async () => {
    const adminSocket = await openSocket(admin);
    const id = await addChannel('Anmalar');
    const adminName = await userName(server.users.admin.id);
    const salesName = await userName(server.users.sales.id);
    const folded = adminName.toLocaleUpperCase('tr-TR');
    const pushes = await pushesDuring(adminSocket, () =>
      send({ channel_id: id, body: `@${folded} bakar mısın? @${salesName} de` }),
    );
    const event = pushes.find((push) => push.channel_id === id && push.message_id !== null);
    expect(event?.mentioned_user_ids).toEqual([server.users.admin.id]);
    const plain = await pushesDuring(adminSocket, () =>
      send({ channel_id: id, body: `@${adminName}xyz değil` }),
    );
    expect(plain.find((push) => push.message_id !== null)?.mentioned_user_ids).toEqual([]);
  });
});

async function userName(id: number): Promise<string> {
  const row = await db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirstOrThrow();
  return row.name ?? '';
}
