import { format, messages } from '../../../src/shared/i18n/messages';
import { baseUrl, expect, test } from '../support/fixtures';
import { login, saveScreen } from '../support/screens';
import { api, apiLogin, whoAmI } from './api';

test.use({ baseURL: baseUrl() });

/**
 * Nothing in chat is silent (docs/user-guide.md#notifications): an agent works the leads list; a
 * colleague's direct message and a mention in a channel each show a toast and count on the Sohbet entry;
 * opening the conversation reads them and the badge goes.
 */
test('a direct message and a mention reach the agent outside the chat screen', async ({ page }, testInfo) => {
  // The machine is shared with other runs: first screens load slowly.
  test.slow();
  await login(page, 'sales@demo.crm');
  await page.goto('/#/list/leads');
  await expect(page.getByTestId('list-table')).toBeVisible({ timeout: 30_000 });

  const colleague = await apiLogin('sales2@demo.crm');
  const sender = await whoAmI(colleague);
  const agentToken = await apiLogin('sales@demo.crm');
  const agent = await whoAmI(agentToken);

  const text = `Müşteri seni arıyor ${testInfo.project.name} ${Date.now() % 100000}`;
  await api('/chat/send', colleague, { user_id: String(agent.id), body: text });

  const toast = page
    .getByTestId('chat-toast')
    .filter({ hasText: format(messages.chatNoticeDirect, { name: sender.name }) });
  await expect(toast).toBeVisible();
  await expect(page.getByTestId('menu-chat').getByTestId('chat-badge')).toHaveText('1');
  await saveScreen(page, testInfo, 'days-chat-badge-toast');

  // "Aç" on the toast (it stays 5 s) opens the conversation; reading it clears the count.
  // The action sits beside the toast's text, in the same Blueprint toast.
  await page
    .locator('.bp6-toast')
    .filter({ has: toast })
    .getByRole('button', { name: messages.chatNoticeOpen })
    .click();
  await expect(page).toHaveURL(/#\/chat\/ch\/\d+$/);
  const directPath = new URL(page.url()).hash;
  await expect(page.getByTestId('chat-message-body').filter({ hasText: text })).toBeVisible();
  await expect(page.getByTestId('chat-badge')).toHaveCount(0);

  // Back at work, a mention in a channel counts too.
  await page.goto('/#/list/leads');
  await expect(page.getByTestId('list-table')).toBeVisible({ timeout: 30_000 });
  const channel = (await api('/chat/channel/add', colleague, {
    name: `Anma ${testInfo.project.name} ${Date.now() % 100000}`,
  })) as { id: number };
  await api('/chat/send', colleague, {
    channel_id: String(channel.id),
    body: `@${agent.name} teklif hazır mı?`,
  });
  await expect(
    page
      .getByTestId('chat-toast')
      .filter({ hasText: format(messages.chatNoticeMention, { name: sender.name }) }),
  ).toBeVisible();
  await expect(page.getByTestId('menu-chat').getByTestId('chat-badge')).toHaveText('1');
  // Opening the channel reads the mention; nothing is left to count.
  await page.goto(`/#/chat/ch/${channel.id}`);
  await expect(page.getByTestId('chat-message-body').filter({ hasText: 'teklif hazır mı?' })).toBeVisible();
  await expect(page.getByTestId('chat-badge')).toHaveCount(0);

  // On the chat screen a message is no toast: the screen itself shows it.
  await api('/chat/send', colleague, { user_id: String(agent.id), body: 'ikinci mesaj' });
  await expect(page.getByTestId('menu-chat').getByTestId('chat-badge')).toHaveText('1');
  await expect(page.getByTestId('chat-toast').filter({ hasText: 'ikinci' })).toHaveCount(0);
  // Read at last, so the other bridge's run starts with nothing unread.
  await page.goto(`/${directPath}`);
  await expect(page.getByTestId('chat-message-body').filter({ hasText: 'ikinci mesaj' })).toBeVisible();
  await expect(page.getByTestId('chat-badge')).toHaveCount(0);
});
