import type { Page } from '@playwright/test';
import { baseUrl, bridgeOf, expect, nativeNotifications, test } from './support/fixtures';
import { login, saveScreen } from './support/screens';

test.use({ baseURL: baseUrl() });

/** 'DD.MM.YYYY HH:mm' as a person types it into the Turkish picker, in the browser's zone (Europe/Istanbul). */
async function typedDateTime(page: Page, offsetMs: number): Promise<string> {
  return page.evaluate((offset) => {
    const d = new Date(Date.now() + offset);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, offsetMs);
}

test('Ctrl+K finds "Işık" by "isik" and by a phone in any format', async ({ page }, testInfo) => {
  await login(page, 'sales@demo.crm');
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('search-input')).toBeFocused();
  await page.keyboard.type('isik yilmaz');
  await expect(page.getByTestId('search-overlay')).toBeVisible();
  await expect(page.getByTestId('search-result').filter({ hasText: 'Işık Yılmaz' })).toBeVisible();
  await saveScreen(page, testInfo, 'search');
  await page.getByTestId('search-input').fill('+90 (532) 111 22 33');
  await expect(page.getByTestId('search-result').first()).toContainText('Işık Yılmaz');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/leadDetail\/1(#|$)/);
  await page.getByTestId('search-input').fill('qxzqxz');
  await expect(page.getByTestId('search-empty')).toHaveText('Sonuç bulunamadı');
});

test('a reminder a minute ahead arrives, is completed, can be muted, and shows in the calendar', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const marker = `Geri arama ${testInfo.project.name} ${Date.now() % 100000}`;
  await login(page, 'sales@demo.crm');
  await page.goto('/#/leadDetail/1');
  await expect(page.getByTestId('lead-header')).toBeVisible();
  await page.getByTestId('note-body').fill(`${marker}: yatırım planını konuş`);
  await page.getByTestId('note-remind').check();
  await page.getByTestId('note-offset').selectOption('custom');
  await page.getByTestId('note-custom-start').fill(await typedDateTime(page, 60_000));
  // the calendar opened under the box; Esc closes it, as a person would before saving
  await page.getByTestId('note-custom-start').press('Escape');
  await page.getByTestId('note-submit').click();
  await expect(page.getByText('Not başarıyla kaydedildi').first()).toBeVisible();

  // the calendar shows it; today's cell also holds the demo data's reminders and draws three, the rest
  // are behind "+N daha"
  await page.getByTestId('nav-home').click();
  const today = page.locator('.calendar-day.is-today');
  await expect(today.getByTestId('calendar-event').first()).toBeVisible();
  if ((await today.locator('.calendar-more').count()) > 0) await today.locator('.calendar-more').click();
  // the month was loaded before the note: its refetch may take a moment on a busy machine
  await expect(page.getByTestId('calendar-event').filter({ hasText: marker }).first()).toBeVisible({
    timeout: 30_000,
  });
  await page.keyboard.press('Escape');

  // it arrives in the drawer (pushed by the server when due)
  await page.getByTestId('bell').click();
  const item = page.getByTestId('notification-item').filter({ hasText: marker });
  await expect(item).toBeVisible({ timeout: 150_000 });
  if (bridgeOf(testInfo.project.name) === 'desktop') {
    // and, in the desktop app, as a native notification from the main process
    await expect
      .poll(() => nativeNotifications().some((n) => `${n.title} ${n.body}`.includes(marker)), {
        timeout: 60_000,
      })
      .toBe(true);
  }
  await saveScreen(page, testInfo, 'notifications');

  // Tamamla completes it
  await item.getByTestId('notification-complete').click();
  await expect(item).toHaveAttribute('data-state', 'done');

  // a muted word hides it
  await page.getByTestId('muted-input').fill(marker.split(' ')[2] ?? marker);
  await page.getByTestId('muted-add').click();
  await expect(item).toHaveCount(0);
  await page.getByTestId('muted-remove').first().click();
  await expect(item).toBeVisible();
});

test('favourites and the theme survive a reload', async ({ page }) => {
  await login(page, 'sales@demo.crm');
  await page.getByTestId('menu-leads').click();
  await expect(page.getByTestId('list-table')).toBeVisible();
  // favourites are kept per user on the server: the other bridge's run may have starred this page already
  // (the demo data's favourites are other pages)
  const starred = page
    .getByTestId('favorites-panel')
    .getByTestId('favorite-page')
    .filter({ has: page.locator('a[title="/list/leads"]') });
  // the star knows add from remove once the favourites have loaded
  await expect(page.getByTestId('fav-toggle')).toBeEnabled();
  if ((await page.getByTestId('fav-toggle').getAttribute('data-favorite')) !== '1') {
    await page.getByTestId('fav-toggle').click();
  }
  await expect(starred).toHaveCount(1);

  await page.goto('/#/profile');
  await page.getByTestId('theme-layout').selectOption('head_navbar');
  await expect(page.getByTestId('app-shell')).toHaveAttribute('data-layout', 'head_navbar');
  await page.getByTestId('theme-dark').click();
  await expect(page.getByTestId('theme-dark')).toBeChecked();
  await page.reload();
  await expect(page.getByTestId('app-shell')).toHaveAttribute('data-layout', 'head_navbar');
  await expect(page.locator('.bp6-dark').first()).toBeVisible();
  // back to the default layout, where the favourites panel lives; it kept the page
  await page.getByTestId('theme-layout').selectOption('sidebar');
  await expect(page.getByTestId('app-shell')).toHaveAttribute('data-layout', 'sidebar');
  await page.getByTestId('theme-dark').click();
  await expect(page.getByTestId('theme-dark')).not.toBeChecked();
  await page.reload();
  await expect(starred).toHaveCount(1);
});
