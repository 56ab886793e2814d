import type { Browser, Page } from '@playwright/test';
import { baseUrl, expect, test } from './support/fixtures';
import { login, saveScreen } from './support/screens';

test.use({ baseURL: baseUrl() });

/** A push reaches the other user and their screen shows it within this (see docs/admin-guide.md: "within a second"). */
const LIVE_MS = 1000;

/** Console warnings and errors of a page the fixture does not watch (the second user's). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (['warning', 'error', 'assert'].includes(message.type())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * The first user drives the project's bridge (web or desktop); the colleague, sales2, works in a browser
 * of their own. `body` runs with both logged in; the colleague's console must stay clean too.
 */
async function withColleague(
  page: Page,
  browser: Browser,
  body: (other: Page) => Promise<void>,
): Promise<void> {
  const otherContext = await browser.newContext({ baseURL: baseUrl() });
  const other = await otherContext.newPage();
  const otherProblems = watchConsole(other);
  try {
    await login(page, 'sales@demo.crm');
    await login(other, 'sales2@demo.crm');
    await body(other);
  } finally {
    await otherContext.close();
  }
  expect(otherProblems, 'console warnings and errors of the second user').toEqual([]);
}

async function sendMessage(page: Page, text: string): Promise<void> {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-input').press('Enter');
  // The writer's own screen shows it once the server has stored it.
  await expect(page.getByTestId('chat-message-body').filter({ hasText: text })).toBeVisible();
}

test('two users chat in one channel and each sees the other at once', async ({ page, browser }, testInfo) => {
  const channelName = `Ekip ${testInfo.project.name} ${Date.now() % 100000}`;
  await withColleague(page, browser, async (other) => {
    // The menu has the chat entry; it opens the chat screen.
    await page.getByTestId('menu-chat').click();
    await expect(page).toHaveURL(/#\/chat$/);
    await expect(page.getByTestId('chat-pane')).toContainText('Soldan bir kanal veya kişi seçin.');

    await other.goto('/#/chat');
    await expect(other.getByTestId('chat-sidebar')).toBeVisible();

    // Anyone adds a channel; the colleague's list gets it by push.
    await page.getByTestId('chat-add-channel').click();
    await page.getByTestId('chat-channel-name').fill(channelName);
    await page.getByTestId('chat-channel-submit').click();
    await expect(page).toHaveURL(/#\/chat\/ch\/\d+$/);
    await expect(page.getByTestId('chat-pane-title')).toHaveText(`# ${channelName}`);
    await expect(page.getByTestId('chat-empty')).toHaveText('Henüz mesaj yok. İlk mesajı siz yazın.');
    const otherChannel = other.getByTestId('chat-channel').filter({ hasText: channelName });
    await expect(otherChannel).toBeVisible({ timeout: LIVE_MS });

    // A message with markup and a lead mention: shown as written, nothing of it runs.
    const first = `Günaydın <b>ekip</b> #LEAD999999999 ${testInfo.project.name}`;
    await sendMessage(page, first);
    await expect(otherChannel.getByTestId('chat-unread')).toHaveText('1', { timeout: LIVE_MS });
    await saveScreen(other, testInfo, 'chat-unread');

    await otherChannel.getByRole('link').click();
    const firstOnOther = other.getByTestId('chat-message-body').filter({ hasText: first });
    await expect(firstOnOther).toBeVisible();
    await expect(firstOnOther.locator('b')).toHaveCount(0);
    // A lead the reader may not open is no link.
    await expect(firstOnOther.getByTestId('chat-lead-link')).toHaveCount(0);
    await expect(otherChannel.getByTestId('chat-unread')).toHaveCount(0);

    // Each sees the other's message within a second, without reloading.
    const reply = `Günaydın, hemen bakıyorum ${Date.now()}`;
    await sendMessage(other, reply);
    await expect(page.getByTestId('chat-message-body').filter({ hasText: reply })).toBeVisible({
      timeout: LIVE_MS,
    });
    const again = `Teşekkürler ${Date.now()}`;
    await sendMessage(page, again);
    await expect(other.getByTestId('chat-message-body').filter({ hasText: again })).toBeVisible({
      timeout: LIVE_MS,
    });

    // Own messages say "Siz", the colleague's carry their name.
    await expect(page.getByTestId('chat-message').last().getByTestId('chat-message-author')).toHaveText(
      'Siz',
    );
    await expect(page.getByTestId('chat-message-author').filter({ hasText: 'Siz' })).toHaveCount(2);
    await saveScreen(page, testInfo, 'chat-channel');
    await saveScreen(other, testInfo, 'chat-channel-colleague');

    // An empty message is never sent.
    await page.getByTestId('chat-input').fill('   ');
    await expect(page.getByTestId('chat-send')).toBeDisabled();
  });
});

test('a direct conversation starts with its first message and is the two users’ own', async ({
  page,
  browser,
}, testInfo) => {
  await withColleague(page, browser, async (other) => {
    await page.goto('/#/chat');
    await other.goto('/#/chat');

    await page.getByTestId('chat-new-direct').click();
    const select = page.getByTestId('chat-person-select');
    const option = select.locator('option').filter({ hasNotText: 'Kişi seçin' }).first();
    await expect(option).toBeAttached();
    // The demo's second sales agent is among the colleagues.
    const welcome = (await other.getByTestId('welcome').textContent()) ?? '';
    const target = welcome.replace('Hoş geldin,', '').trim();
    expect(await select.locator('option').allTextContents()).toContain(target);
    await select.selectOption({ label: target });
    await expect(page.getByTestId('chat-pane-title')).toHaveText(target);

    const text = `Özel not ${testInfo.project.name} ${Date.now()}`;
    await sendMessage(page, text);
    await expect(page).toHaveURL(/#\/chat\/ch\/\d+$/);
    await expect(page.getByTestId('chat-direct').filter({ hasText: target })).toBeVisible();
    await saveScreen(page, testInfo, 'chat-direct');

    // The colleague's list gets the conversation by push, named after the writer.
    const conversation = other.getByTestId('chat-direct').first();
    await expect(conversation).toBeVisible({ timeout: LIVE_MS });
    await conversation.getByRole('link').click();
    await expect(other.getByTestId('chat-message-body').filter({ hasText: text })).toBeVisible();
  });
});

test('an admin renames and archives a channel; an archived channel is read-only', async ({
  page,
  allowConsoleMessage,
}, testInfo) => {
  // The taken name below is refused with 409, which Chromium logs as a failed request.
  allowConsoleMessage(
    /^console\.error: Failed to load resource: the server responded with a status of 409 \(Conflict\) \(http:\/\/[^ ]+\/api\/chat\/channel\/add:0\)$/,
  );
  const name = `Duyuru ${testInfo.project.name} ${Date.now() % 100000}`;
  await login(page, 'admin@demo.crm');
  await page.goto('/#/chat');
  await page.getByTestId('chat-add-channel').click();
  await page.getByTestId('chat-channel-name').fill(name);
  await page.getByTestId('chat-channel-submit').click();
  await expect(page.getByTestId('chat-pane-title')).toHaveText(`# ${name}`);

  // A name that is taken is refused in the dialog, and what was typed stays.
  await page.getByTestId('chat-add-channel').click();
  await page.getByTestId('chat-channel-name').fill(name.toLocaleUpperCase('tr-TR'));
  await page.getByTestId('chat-channel-submit').click();
  await expect(page.getByTestId('chat-channel-form')).toContainText('Bu adla bir kanal zaten var');
  await expect(page.getByTestId('chat-channel-name')).toHaveValue(name.toLocaleUpperCase('tr-TR'));
  await page.getByRole('button', { name: 'Vazgeç' }).click();

  const item = page.getByTestId('chat-channel').filter({ hasText: name });
  await item.getByTestId('chat-channel-actions').click();
  await page.getByRole('menuitem', { name: 'Kanalı yeniden adlandır' }).click();
  await page.getByTestId('chat-channel-name').fill(`${name} (eski)`);
  await page.getByTestId('chat-channel-submit').click();
  await expect(page.getByTestId('chat-pane-title')).toHaveText(`# ${name} (eski)`);

  await item.getByTestId('chat-channel-actions').click();
  await page.getByRole('menuitem', { name: 'Arşivle' }).click();
  await expect(page.getByText('Arşivlenmiş kanallar')).toBeVisible();
  await expect(page.getByTestId('chat-pane')).toContainText(
    'Bu kanal arşivlenmiş: mesajlar okunabilir, yeni mesaj yazılamaz.',
  );
  await expect(page.getByTestId('chat-input')).toHaveCount(0);
  await saveScreen(page, testInfo, 'chat-archived');

  await item.getByTestId('chat-channel-actions').click();
  await page.getByRole('menuitem', { name: 'Arşivden çıkar' }).click();
  await expect(page.getByTestId('chat-input')).toBeVisible();
});
