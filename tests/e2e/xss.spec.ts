import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { baseUrl, expect, test } from './support/fixtures';
import { DEMO_PASSWORD, login, saveScreen } from './support/screens';

test.use({ baseURL: baseUrl() });

/**
 * docs/operations.md#security: text people store (a lead's name, notes, reminders, file names, chat channels and messages)
 * is shown as text on every screen that shows it: no dialog opens, no handler runs, no element of the
 * payload exists in the DOM. The payloads set window.__xss when they run, besides alert().
 */

const png = readFileSync(fileURLToPath(new URL('../../resources/tray-icon.png', import.meta.url)));

/** A screen on a busy shared machine may take a while to load its panels. */
const SCREEN_MS = 30_000;

/** Every trick at once, tagged so the screen's text can be found. */
function payload(marker: string, where: string): string {
  const run = `window.__xss='${where}';alert(1)`;
  return [
    marker,
    `<img src=x onerror="${run}">`,
    `"><script>${run}</script>`,
    `<svg onload="${run}">`,
    `<a href="javascript:${run}">bağlantı</a>`,
    `javascript:${run}`,
  ].join(' ');
}

async function apiLogin(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/api/auth/login', {
    form: { email: 'admin@demo.crm', password: DEMO_PASSWORD },
  });
  const body = (await answer.json()) as { token?: string };
  if (!body.token) throw new Error('admin login failed');
  return body.token;
}

async function postForm(
  request: APIRequestContext,
  token: string,
  path: string,
  form: Record<string, string | number>,
): Promise<Record<string, unknown>> {
  const answer = await request.post(`/api${path}`, { headers: { authorization: `Bearer ${token}` }, form });
  const body = (await answer.json()) as Record<string, unknown>;
  expect(answer.status(), `${path}: ${JSON.stringify(body)}`).toBe(200);
  return body;
}

/** Nothing of the payloads ran or became an element. */
async function expectInert(page: Page, dialogs: readonly string[], screen: string): Promise<void> {
  const state = await page.evaluate(() => ({
    ran: Reflect.get(window, '__xss') as unknown,
    injected: document.querySelectorAll(
      'img[src="x"], svg[onload], [onerror], [onload], a[href^="javascript:" i], script:not([src])',
    ).length,
  }));
  expect(state, screen).toEqual({ ran: undefined, injected: 0 });
  expect(dialogs, screen).toEqual([]);
}

test('stored text is inert on every screen that shows it', async ({ page, request }, testInfo) => {
  test.setTimeout(300_000);
  const marker = `xss${testInfo.project.name}${Date.now() % 100000}`;
  const token = await apiLogin(request);

  // A lead of the demo data gets a hostile name, a note with a reminder, and a file with a hostile name.
  const list = await postForm(request, token, '/table/leads', { limit: 1 });
  const leadId = Number((list.results as Record<string, unknown>[])[0]?.id);
  await postForm(request, token, '/detail/save/', {
    table: 'leads',
    id: leadId,
    'inputs[name]': payload(marker, 'lead name'),
  });
  await postForm(request, token, '/inline/save/', {
    table: 'lead_notes',
    type: 'insert_note',
    'inputs[lead_id]': leadId,
    'inputs[body]': payload(marker, 'note'),
    'inputs[notification]': 1,
    'inputs[minute]': 0,
  });
  const categories = await request.get('/api/getOption/108', {
    headers: { authorization: `Bearer ${token}` },
  });
  const category = ((await categories.json()) as { options: { value: number }[] }).options[0]?.value ?? 1;
  const upload = await request.post(`/api/upload/${leadId}`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      fileCat: String(category),
      images: {
        // The server keeps what follows the last '/' of a name (as a path): the payload has none.
        name: `"><img src=x onerror="window.__xss='file name'"> ${marker}.png`,
        mimeType: 'image/png',
        buffer: png,
      },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  // A chat channel and a message, both hostile.
  // A channel name holds at most 60 characters: one payload.
  const channel = await postForm(request, token, '/chat/channel/add', {
    name: `${marker} <img src=x onerror=alert(1)>`,
  });
  const channelId = Number(channel.id);
  await postForm(request, token, '/chat/send', { channel_id: channelId, body: payload(marker, 'message') });

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await login(page, 'admin@demo.crm');

  // The leads list, filtered to the lead by a link.
  await page.goto(`/#/list/leads?id=${leadId}`);
  await expect(page.getByText(marker).first()).toBeVisible({ timeout: SCREEN_MS });
  await expectInert(page, dialogs, 'list');

  // The lead workspace: header, notes and reminders, then the files tab.
  await page.goto(`/#/leadDetail/${leadId}`);
  await expect(page.getByTestId('note-row').filter({ hasText: marker }).first()).toBeVisible({
    timeout: SCREEN_MS,
  });
  await page.getByTestId('side-tab-hatirlatmalar').click();
  await expect(page.getByTestId('notification-row').filter({ hasText: marker }).first()).toBeVisible({
    timeout: SCREEN_MS,
  });
  await expectInert(page, dialogs, 'lead detail');
  await saveScreen(page, testInfo, 'xss-lead-detail');
  await page.getByTestId('tab-dosyalar').click();
  await expect(page.getByTestId('file-row').filter({ hasText: marker }).first()).toBeVisible({
    timeout: SCREEN_MS,
  });
  await expectInert(page, dialogs, 'files');

  // Ctrl+K search finds the lead by its hostile name.
  await page.keyboard.press('Control+k');
  await page.getByTestId('search-input').fill(marker);
  await expect(page.getByTestId('search-result').filter({ hasText: marker }).first()).toBeVisible({
    timeout: SCREEN_MS,
  });
  await expectInert(page, dialogs, 'search');
  await page.keyboard.press('Escape');

  // The notification drawer lists the due reminder.
  await page.getByTestId('bell').click();
  await expect(page.getByTestId('notification-item').filter({ hasText: marker }).first()).toBeVisible({
    timeout: 60_000,
  });
  await expectInert(page, dialogs, 'notifications');
  await page.keyboard.press('Escape');

  // Chat: the channel list and the message.
  await page.goto('/#/chat');
  await page.getByTestId('chat-channel').filter({ hasText: marker }).first().click();
  await expect(page.getByTestId('chat-message-body').filter({ hasText: marker }).first()).toBeVisible({
    timeout: SCREEN_MS,
  });
  await expectInert(page, dialogs, 'chat');
  await saveScreen(page, testInfo, 'xss-chat');
});
