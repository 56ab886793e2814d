import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { specAnswer, specRefusal, startSpecServer, type SpecServer } from './support/spec-server';

/** docs/requirements.md#calls "Lists and records" and the docs/requirements.md#calls rows of the same calls, as a spec client sends them. */

let server: SpecServer;
/** A lead of the sales user's team (their row restriction), and one of another team. */
let ownLead: { id: number; name: string; phone: string | null };
let foreignLeadId: number;

beforeAll(async () => {
  server = await startSpecServer();
  ownLead = await server.db
    .selectFrom('leads')
    .select(['id', 'name', 'phone'])
    .where('team_id', '=', server.users.sales.team_id)
    .where('tc', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  foreignLeadId = (
    await server.db
      .selectFrom('leads')
      .select('id')
      .where('team_id', '<>', server.users.sales.team_id)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await server.close();
});

const row = z.record(z.string(), z.unknown());
const fieldMeta = z.looseObject({
  name: z.string(),
  display_name: z.string(),
  component: z.looseObject({ name: z.string() }),
  category: z.string(),
  options: z.number().nullable(),
  id: z.number(),
  show_insert: z.union([z.literal(0), z.literal(1)]),
});
const tableAnswer = z.looseObject({
  components: z.record(z.string(), z.unknown()),
  results: z.array(row),
  total: z.number(),
  page: z.number(),
  fields: z.array(z.string()),
  all_fields: z.array(fieldMeta),
  tab_field_id: z.unknown(),
  table: z.string(),
});
const success = z.looseObject({ success: z.literal(true) });
const excelFiles = z.looseObject({
  success: z.literal(true),
  excelFiles: z.array(z.looseObject({ name: z.string(), url: z.string() })).min(1),
});

describe('lists and records', () => {
  it('POST /table/{table} (table, page, sort {type, name}, filters, limit, fields) -> components, results, total, page, fields, all_fields, tab_field_id, table', async () => {
    const answer = specAnswer(
      await server.form(
        '/table/leads',
        {
          table: 'leads',
          page: 1,
          sort: { type: 'asc', name: 'id' },
          filters: [{ name: 'status_id', type: 11, value: ['1', '2', '3'] }],
          limit: 15,
          fields: ['id', 'name', 'status_id', 'agent_id'],
        },
        'sales',
      ),
      tableAnswer,
    );
    expect(answer.table).toBe('leads');
    expect(answer.results.length).toBeGreaterThan(0);
    const ids = answer.results.map((result) => Number(result.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // The detail tables answer without any body (see docs/requirements.md#calls: "such as lead_note_statuses").
    const statuses = specAnswer(
      await server.bare('/table/lead_note_statuses', 'sales'),
      z.looseObject({ results: z.array(z.looseObject({ id: z.number(), name: z.string() })) }),
    );
    expect(statuses.results.map((status) => status.id)).toContain(7);
  });

  it('GET /fields/{table} -> field metadata: name, display_name, category, component_id, filter', async () => {
    const answer = specAnswer(
      await server.get('/fields/leads', 'sales'),
      z.looseObject({
        fields: z
          .array(
            fieldMeta.extend({
              component_id: z.number().int().positive(),
              filter: z.number().int().min(1).max(12),
            }),
          )
          .min(1),
      }),
    );
    const byName = new Map(answer.fields.map((field) => [field.name, field]));
    // Reading chosen: filter is the operator the detailed search starts with (text: contains, dates:
    // between, choices: multiple choice, numbers: equal).
    expect(byName.get('name')?.filter).toBe(2);
    expect(byName.get('created_at')?.filter).toBe(10);
    expect(byName.get('status_id')?.filter).toBe(11);
    expect(byName.get('id')?.filter).toBe(1);
    expect(new Set(answer.fields.map((field) => `${field.component.name}:${field.component_id}`)).size).toBe(
      new Set(answer.fields.map((field) => field.component.name)).size,
    );
  });

  it('POST /row/{table}/{id} (optionally filters; ?trx= for lead detail) -> results, modules', async () => {
    const answer = specAnswer(
      await server.form(`/row/leads/${ownLead.id}`, { table: 'leads', id: ownLead.id }, 'sales'),
      z.looseObject({ results: row, modules: z.array(z.string()) }),
    );
    expect(answer.results.id).toBe(ownLead.id);
    const trx = await server.db
      .selectFrom('transactions')
      .select(['id', 'customer_id'])
      .executeTakeFirstOrThrow();
    specAnswer(
      await server.form(`/row/leads/${trx.customer_id}?trx=${trx.id}`, {
        table: 'leads',
        id: trx.customer_id,
      }),
      z.looseObject({ results: row, modules: z.array(z.string()) }),
    );
    // With filters the record must match them too; a record outside the user's rows is the same 404.
    specRefusal(
      await server.form(
        `/row/leads/${ownLead.id}`,
        { filters: [{ name: 'id', type: 1, value: '0' }] },
        'sales',
      ),
      404,
    );
    specRefusal(
      await server.form(`/row/leads/${foreignLeadId}`, { table: 'leads', id: foreignLeadId }, 'sales'),
      404,
    );
  });

  it('POST /detail/save/ (table, id, inputs) -> success', async () => {
    specAnswer(
      await server.form(
        '/detail/save/',
        { table: 'leads', id: ownLead.id, inputs: { city: 'İzmir' } },
        'sales',
      ),
      success,
    );
    const saved = await server.db
      .selectFrom('leads')
      .select('city')
      .where('id', '=', ownLead.id)
      .executeTakeFirstOrThrow();
    expect(saved.city).toBe('İzmir');
  });

  it('POST /nextLead/{x} (filters, id) -> id', async () => {
    const answer = specAnswer(
      await server.form(
        `/nextLead/${ownLead.id}`,
        { filters: [{ name: 'name', type: 2, value: 'a' }], id: ownLead.id },
        'sales',
      ),
      z.looseObject({ id: z.number().nullable() }),
    );
    expect(answer.id).not.toBe(ownLead.id);
  });

  it("POST /hidden/{a}/{b}/{c} -> a clickShow field's value (reading: a = table, b = record id, c = field)", async () => {
    const stored = await server.db
      .selectFrom('leads')
      .select('tc')
      .where('id', '=', ownLead.id)
      .executeTakeFirstOrThrow();
    const answer = specAnswer(
      await server.form(`/hidden/leads/${ownLead.id}/tc`, {}, 'sales'),
      z.looseObject({ success: z.literal(true), value: z.unknown() }),
    );
    expect(answer.value).toBe(stored.tc);
    // Outside the user's rows, or a field they may not read (finance's list hides tc but reads it): 404.
    specRefusal(await server.form(`/hidden/leads/${foreignLeadId}/tc`, {}, 'sales'), 404);
    specRefusal(await server.form(`/hidden/leads/${ownLead.id}/password_hash`, {}, 'sales'), 404);
  });

  it('POST /inline/save/ (table, type such as insert_note or insert, inputs; or keyName, keyValue, fieldName, fieldValue) -> success, message', async () => {
    const shape = z.looseObject({ success: z.literal(true), message: z.string() });
    specAnswer(
      await server.form(
        '/inline/save/',
        {
          table: 'lead_notes',
          type: 'insert_note',
          inputs: { body: 'Spec istemcisinin notu', lead_id: ownLead.id },
        },
        'sales',
      ),
      shape,
    );
    specAnswer(
      await server.form(
        '/inline/save/',
        { table: 'leads', type: 'insert', inputs: { name: 'Spec Yeni Lead', phone: '5321110099' } },
        'sales',
      ),
      shape,
    );
    specAnswer(
      await server.form(
        '/inline/save/',
        { table: 'leads', keyName: 'id', keyValue: ownLead.id, fieldName: 'ilce', fieldValue: 'Bornova' },
        'sales',
      ),
      shape,
    );
    // An empty note body: success false and the spec's message (see docs/requirements.md#filters-and-list-input).
    const refused = await server.form(
      '/inline/save/',
      { table: 'lead_notes', type: 'insert_note', inputs: { body: '', lead_id: ownLead.id } },
      'sales',
    );
    expect(specRefusal(refused, 400)).toBe('Not içeriği zorunludur');
  });

  it('POST /bulk/save/ (ids, table, form values: type, fieldName, fieldValue) -> success', async () => {
    const ids = (
      await server.db
        .selectFrom('leads')
        .select('id')
        .where('team_id', '=', server.users.sales.team_id)
        .limit(3)
        .execute()
    ).map((lead) => lead.id);
    specAnswer(
      await server.form(
        '/bulk/save/',
        { ids, table: 'leads', type: 1, fieldName: 'utm_campaign', fieldValue: 'spec-toplu' },
        'sales',
      ),
      success,
    );
    const changed = await server.db
      .selectFrom('leads')
      .select('utm_campaign')
      .where('id', 'in', ids)
      .execute();
    expect(changed.every((lead) => lead.utm_campaign === 'spec-toplu')).toBe(true);
  });

  it('POST /bulk/removeNotes/ (ids, table) -> success', async () => {
    specAnswer(
      await server.form('/bulk/removeNotes/', { ids: [ownLead.id], table: 'leads' }, 'admin'),
      success,
    );
    const left = await server.db
      .selectFrom('lead_notes')
      .select('id')
      .where('lead_id', '=', ownLead.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('POST /bulk/remove/ (ids, table) -> success', async () => {
    const { id } = await server.db
      .insertInto('leads')
      .values({ name: 'Silinecek Lead', team_id: server.users.admin.team_id })
      .returning('id')
      .executeTakeFirstOrThrow();
    specAnswer(await server.form('/bulk/remove/', { ids: [id], table: 'leads' }, 'admin'), success);
    expect(
      await server.db.selectFrom('leads').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('POST /export/{table} (table, filters) -> success, excelFiles', async () => {
    specAnswer(
      await server.form('/export/leads', {
        table: 'leads',
        filters: [{ name: 'status_id', type: 1, value: '1' }],
      }),
      excelFiles,
    );
  });

  it('POST /export/double/{table} (table, filters; or double_ids) -> success, excelFiles', async () => {
    // Two leads sharing a number, inside the list's filter: the list's duplicates.
    await server.db
      .insertInto('leads')
      .values([
        {
          name: 'Çift Kayıt Bir',
          phone: '5559990011',
          utm_source: 'spec-cift',
          team_id: server.users.admin.team_id,
        },
        {
          name: 'Çift Kayıt İki',
          phone: '05559990011',
          utm_source: 'spec-cift',
          team_id: server.users.admin.team_id,
        },
      ])
      .execute();
    specAnswer(
      await server.form('/export/double/leads', {
        table: 'leads',
        filters: [{ name: 'utm_source', type: 1, value: 'spec-cift' }],
      }),
      excelFiles,
    );
    const ids = (
      await server.db.selectFrom('leads').select('id').where('utm_source', '=', 'spec-cift').execute()
    ).map((lead) => lead.id);
    specAnswer(await server.form('/export/double/leads', { double_ids: ids }), excelFiles);
    // An import report row's double_ids as stored (comma text) work the same.
    specAnswer(await server.form('/export/double/leads', { double_ids: ids.join(',') }), excelFiles);
  });

  it('GET /favorites, POST /favorites (add), POST /favorite/remove/{id}', async () => {
    const added = specAnswer(
      await server.form('/favorites', { title: 'Spec favorisi', url: `/leadDetail/${ownLead.id}` }, 'sales'),
      z.looseObject({ success: z.literal(true) }),
    );
    expect(added.success).toBe(true);
    const list = specAnswer(
      await server.get('/favorites', 'sales'),
      z.looseObject({
        results: z.array(z.looseObject({ id: z.number(), title: z.string(), url: z.string() })),
      }),
    );
    const favorite = list.results.find((item) => item.title === 'Spec favorisi');
    expect(favorite).toBeDefined();
    specAnswer(await server.form(`/favorite/remove/${favorite?.id}`, {}, 'sales'), success);
  });

  it('POST /favorite-filters/{table} (name, filters) and POST /favorite-filters/remove/{id}', async () => {
    const shape = z.looseObject({
      results: z.array(
        z.looseObject({ id: z.number(), name: z.string(), table: z.string(), filters: z.array(z.unknown()) }),
      ),
    });
    const saved = specAnswer(
      await server.form(
        '/favorite-filters/leads',
        { name: 'Spec filtresi', filters: [{ name: 'status_id', type: 11, value: ['1', '2'] }] },
        'sales',
      ),
      shape,
    );
    const filter = saved.results.find((item) => item.name === 'Spec filtresi');
    expect(filter?.table).toBe('leads');
    specAnswer(await server.bare('/favorite-filters/leads', 'sales'), shape);
    specAnswer(await server.form(`/favorite-filters/remove/${filter?.id}`, {}, 'sales'), success);
  });

  it("POST /lead-platforms/{table} -> results (reading: a customer's accounts, by customer_id or the list's filters)", async () => {
    const platform = await server.db
      .selectFrom('lead_platforms')
      .select(['customer_id', 'login'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const shape = z.looseObject({
      results: z.array(
        z.looseObject({ id: z.number(), login: z.string(), type: z.string(), customer_id: z.number() }),
      ),
    });
    const byCustomer = specAnswer(
      await server.form('/lead-platforms/leads', { customer_id: platform.customer_id }),
      shape,
    );
    expect(byCustomer.results.map((result) => result.login)).toContain(platform.login);
    expect(byCustomer.results.every((result) => result.customer_id === platform.customer_id)).toBe(true);
    const byFilter = specAnswer(
      await server.form('/lead-platforms/lead_platforms', {
        filters: [{ name: 'customer_id', type: 1, value: String(platform.customer_id) }],
      }),
      shape,
    );
    expect(byFilter.results).toEqual(byCustomer.results);
    specRefusal(await server.form('/lead-platforms/leads', { customer_id: foreignLeadId }, 'sales'), 404);
  });

  it('GET /autocomplete/{a}/{b}?q=, GET /getOption/{id}, GET /getOptionList -> options (label, value)', async () => {
    const options = z.looseObject({
      options: z.array(z.looseObject({ label: z.string(), value: z.union([z.string(), z.number()]) })),
    });
    const agents = specAnswer(await server.get('/autocomplete/leads/agent_id?q=e', 'sales'), options);
    expect(agents.options.length).toBeGreaterThan(0);
    const statuses = specAnswer(await server.get('/getOption/16', 'sales'), options);
    expect(statuses.options.length).toBeGreaterThan(0);
    const lists = specAnswer(await server.get('/getOptionList', 'sales'), options);
    expect(lists.options.map((option) => Number(option.value))).toContain(16);
  });

  it('POST /search/, POST /suggestion/, POST /searchPhone/ (keyword) -> success, results', async () => {
    const shape = z.looseObject({
      success: z.literal(true),
      results: z.array(z.looseObject({ id: z.number() })),
    });
    const word = ownLead.name.split(' ')[0] ?? ownLead.name;
    expect(
      specAnswer(await server.form('/search/', { keyword: word }, 'sales'), shape).results.length,
    ).toBeGreaterThan(0);
    specAnswer(await server.form('/suggestion/', { keyword: word }, 'sales'), shape);
    const phone = await server.db
      .selectFrom('leads')
      .select(['id', 'phone'])
      .where('team_id', '=', server.users.sales.team_id)
      .where('phone', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const found = specAnswer(await server.form('/searchPhone/', { keyword: phone.phone }, 'sales'), shape);
    expect(found.results.map((result) => result.id)).toContain(phone.id);
  });

  it('POST /preferences/ -> preferences', async () => {
    specAnswer(
      await server.bare('/preferences/', 'sales'),
      z.looseObject({ preferences: z.looseObject({}) }),
    );
  });

  it('POST /sidebarNotes, POST /notifications -> results, POST /completeNotification/{id}', async () => {
    // A note with a reminder for the user makes a sidebar note and a notification.
    specAnswer(
      await server.form(
        '/inline/save/',
        {
          table: 'lead_notes',
          type: 'insert_note',
          inputs: {
            body: 'Spec hatırlatma',
            lead_id: ownLead.id,
            notification: 1,
            start: '2099-01-01 10:00:00',
          },
        },
        'sales',
      ),
      success,
    );
    const sidebar = specAnswer(
      await server.bare('/sidebarNotes', 'sales'),
      z.looseObject({
        results: z.array(
          z.looseObject({
            lead_id: z.number().nullable(),
            body: z.string(),
            lead_name: z.string().nullable(),
          }),
        ),
      }),
    );
    expect(sidebar.results.map((item) => item.body)).toContain('Spec hatırlatma');
    const notifications = specAnswer(
      await server.bare('/notifications', 'sales'),
      z.looseObject({
        results: z.array(
          z.looseObject({
            id: z.number(),
            title: z.string(),
            body: z.string(),
            start: z.string().nullable(),
            lead_id: z.number().nullable(),
            lead_name: z.string().nullable(),
            completed: z.number(),
            completed_agent_name: z.string().nullable(),
            created_at: z.string(),
          }),
        ),
      }),
    );
    const mine = notifications.results.find((item) => item.body === 'Spec hatırlatma');
    expect(mine?.completed).toBe(0);
    specAnswer(await server.bare(`/completeNotification/${mine?.id}`, 'sales'), success);
  });

  it('POST /notes/{table} (filters by field and id; table notifications, field lead_id, id) -> results', async () => {
    const notes = specAnswer(
      await server.form('/notes/lead_notes', { field: 'lead_id', id: ownLead.id }, 'sales'),
      z.looseObject({
        results: z.array(
          z.looseObject({ body: z.string(), agent_name: z.string().nullable(), created_at: z.string() }),
        ),
      }),
    );
    expect(notes.results.length).toBeGreaterThan(0);
    const reminders = specAnswer(
      await server.form('/notes/notifications', { field: 'lead_id', id: ownLead.id }, 'sales'),
      z.looseObject({ results: z.array(z.looseObject({ body: z.string(), completed: z.number() })) }),
    );
    expect(reminders.results.length).toBeGreaterThan(0);
  });

  it('POST /chatMessages/{table} (table, filters, limit, page, id, sort) -> results of the channel', async () => {
    const channel = specAnswer(
      await server.json('/chat/channel/add', { name: 'Spec Kanalı' }),
      z.looseObject({ id: z.number() }),
    );
    specAnswer(await server.json('/chat/send', { body: 'Merhaba', channel_id: channel.id }), success);
    const messages = specAnswer(
      await server.form('/chatMessages/lead_notes', {
        table: 'lead_notes',
        filters: [],
        limit: 50,
        page: 1,
        id: channel.id,
        sort: { name: 'id', type: 'desc' },
      }),
      z.looseObject({ results: z.array(z.looseObject({ body: z.string(), note_status_id: z.literal(7) })) }),
    );
    expect(messages.results.map((message) => message.body)).toContain('Merhaba');
  });

  it('POST /calendar/ -> events', async () => {
    // A reminder a minute from now is an event of this month's calendar.
    specAnswer(
      await server.form(
        '/inline/save/',
        {
          table: 'lead_notes',
          type: 'insert_note',
          inputs: { body: 'Takvim notu', lead_id: ownLead.id, notification: 1, minute: 1 },
        },
        'sales',
      ),
      success,
    );
    const answer = specAnswer(
      await server.bare('/calendar/', 'sales'),
      z.looseObject({
        events: z.array(
          z.looseObject({ title: z.string(), start: z.string(), lead_id: z.number().nullable() }),
        ),
      }),
    );
    expect(
      answer.events.some((event) => event.lead_id === ownLead.id && event.title.includes('Takvim notu')),
    ).toBe(true);
  });
});
