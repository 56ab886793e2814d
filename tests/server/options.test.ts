import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import { createUser } from './support/fixtures';
import { get, login } from './support/http';
import { createTestDatabase } from './support/test-database';

let database: DatabaseHandle;
let app: FastifyInstance;
let token: string;
let agentIds: { ayse: number; mehmet: number };

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildServer({ database, webRoot: '/nonexistent-web-root' });
  const { db } = database;
  const ayse = await createUser(db, {
    email: 'ayse@example.com',
    name: 'Ayşe Yılmaz',
    team: 'Satış İstanbul',
  });
  const mehmet = await createUser(db, {
    email: 'mehmet@example.com',
    name: 'Mehmet Demir',
    team: 'Satış Ankara',
  });
  await createUser(db, { email: 'eski@example.com', name: 'Eski Çalışan', active: 0, group: 'Retention' });
  agentIds = { ayse: ayse.id, mehmet: mehmet.id };
  await db
    .insertInto('option_lists')
    .values([
      { id: 15, name: 'Temsilciler', source: 'users' },
      { id: 16, name: 'Başvuru Durumları', source: 'lead_statuses' },
      { id: 26, name: 'Kullanıcı Grupları', source: 'user_groups' },
      { id: 37, name: 'Ülkeler', source: 'values' },
      { id: 58, name: 'Takımlar', source: 'teams' },
      { id: 148, name: 'Para Birimleri', source: 'values' },
    ])
    .execute();
  await db
    .insertInto('option_values')
    .values([
      { list_id: 37, value: '2', label: 'Almanya', sort: 20 },
      { list_id: 37, value: '1', label: 'Türkiye', sort: 10 },
      { list_id: 148, value: 'TRY', label: 'Türk Lirası', sort: 10 },
      { list_id: 148, value: '0090', label: 'Sıfırla başlayan', sort: 20 },
    ])
    .execute();
  await db
    .insertInto('lead_statuses')
    .values([
      { label: 'Yeni', background: '#2d72d2', color: '#ffffff', sort: 10 },
      { label: 'Ulaşılamadı', background: '#c87619', color: '#111418', sort: 20 },
    ])
    .execute();
  token = await login(app, ayse.email, ayse.password);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('GET /api/getOption/{id}', () => {
  it('lists stored values in their order, integers as numbers', async () => {
    const response = await get(app, '/api/getOption/37', token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      options: [
        { label: 'Türkiye', value: 1 },
        { label: 'Almanya', value: 2 },
      ],
    });
  });

  it('keeps codes and zero-padded values as strings', async () => {
    const response = await get(app, '/api/getOption/148', token);
    expect(response.json()).toEqual({
      options: [
        { label: 'Türk Lirası', value: 'TRY' },
        { label: 'Sıfırla başlayan', value: '0090' },
      ],
    });
  });

  it('lists active users for a users list', async () => {
    const response = await get(app, '/api/getOption/15', token);
    expect(response.json()).toEqual({
      options: [
        { label: 'Ayşe Yılmaz', value: agentIds.ayse },
        { label: 'Mehmet Demir', value: agentIds.mehmet },
      ],
    });
  });

  it('lists teams and user groups', async () => {
    const teams = await get(app, '/api/getOption/58', token);
    expect(
      teams
        .json<{ options: { label: string }[] }>()
        .options.map((option) => option.label)
        .sort(),
    ).toEqual(['Satış Ankara', 'Satış İstanbul']);
    const groups = await get(app, '/api/getOption/26', token);
    expect(
      groups
        .json<{ options: { label: string }[] }>()
        .options.map((option) => option.label)
        .sort(),
    ).toEqual(['Retention', 'Satış']);
  });

  it('gives lead statuses with their colours', async () => {
    const response = await get(app, '/api/getOption/16', token);
    const { options } = response.json<{ options: { label: string; value: number }[] }>();
    expect(options).toEqual([
      { label: 'Yeni', value: expect.any(Number), background: '#2d72d2', color: '#ffffff' },
      { label: 'Ulaşılamadı', value: expect.any(Number), background: '#c87619', color: '#111418' },
    ]);
  });

  it('answers 404 in Turkish for an unknown list and 400 for a bad id', async () => {
    const unknown = await get(app, '/api/getOption/999', token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, msg: 'Böyle bir seçenek listesi yok' });
    const bad = await get(app, '/api/getOption/abc', token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, msg: 'Geçersiz alan: id' });
  });

  it('requires a session', async () => {
    const response = await get(app, '/api/getOption/37');
    expect(response.statusCode).toBe(401);
  });

  it('answers concurrent identical requests alike', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => get(app, '/api/getOption/37', token)));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  });
});

describe('GET /api/getOptionList', () => {
  it('lists every option list by id', async () => {
    const response = await get(app, '/api/getOptionList', token);
    expect(response.json()).toEqual({
      options: [
        { label: 'Temsilciler', value: 15 },
        { label: 'Başvuru Durumları', value: 16 },
        { label: 'Kullanıcı Grupları', value: 26 },
        { label: 'Ülkeler', value: 37 },
        { label: 'Takımlar', value: 58 },
        { label: 'Para Birimleri', value: 148 },
      ],
    });
  });
});
