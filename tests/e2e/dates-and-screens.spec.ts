import type { Locator, Page } from '@playwright/test';
import { baseUrl, expect, test } from './support/fixtures';
import { login, saveScreen } from './support/screens';

test.use({ baseURL: baseUrl() });

const MONTHS_TR = [
  'Ocak',
  'Şubat',
  'Mart',
  'Nisan',
  'Mayıs',
  'Haziran',
  'Temmuz',
  'Ağustos',
  'Eylül',
  'Ekim',
  'Kasım',
  'Aralık',
];
const WEEKDAYS_TR = ['Pzt', 'Sal', 'Çar', 'Per', 'Cum', 'Cts', 'Paz'];

/** The calendar a date box opened (one at a time: the box's popover). */
function openCalendar(page: Page): Locator {
  return page.locator('.bp6-popover-content .bp6-datepicker');
}

/** The first day of the month the calendar shows, clicked as a person would. */
function firstOfMonth(calendar: Locator): Locator {
  return calendar.locator('button.rdp-day:not(.rdp-day_outside)').filter({ hasText: /^1$/ });
}

const TYPED_DATE = /^\d{2}\.\d{2}\.\d{4}$/;

test.describe('in a browser set to English', () => {
  // Nothing about the pickers may come from the browser's language any more (see docs/architecture.md#renderer-features).
  test.use({ locale: 'en-US' });

  test('the dashboard range picker is Turkish: DD.MM.YYYY, Turkish months, the week from Pzt to Paz', async ({
    page,
  }, testInfo) => {
    await login(page, 'sales@demo.crm');
    const start = page.getByTestId('chart-range-start');
    const end = page.getByTestId('chart-range-end');
    await expect(start).toHaveValue(TYPED_DATE);
    await expect(end).toHaveValue(TYPED_DATE);
    const [, month, year] = (await start.inputValue()).split('.');

    await start.click();
    const calendar = openCalendar(page);
    await expect(calendar).toBeVisible();
    await expect(calendar.locator('.rdp-head_cell')).toHaveText(WEEKDAYS_TR);
    await expect(calendar.getByLabel('Ay').locator('option:checked')).toHaveText(
      MONTHS_TR[Number(month) - 1] ?? '',
    );
    await expect(calendar.getByRole('button', { name: 'Bugün' })).toBeVisible();
    await saveScreen(page, testInfo, 'date-picker');

    await firstOfMonth(calendar).click();
    await expect(start).toHaveValue(`01.${month}.${year}`);
    await expect(calendar).toBeHidden();
    // the charts follow the new range
    await expect(page.getByTestId('chart-range-quick')).toHaveValue('');
  });

  test('a date-time filter is typed as DD.MM.YYYY SS:dd and reaches the server as a range', async ({
    page,
  }, testInfo) => {
    await login(page, 'sales@demo.crm');
    await page.getByTestId('menu-leads').click();
    // the list's script and first page arrive together on a first visit
    await expect(page.getByTestId('list-total')).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('open-filters').click();
    await page.getByTestId('filter-type-created_at').selectOption('10');
    const from = page.getByTestId('filter-start-created_at');
    const to = page.getByTestId('filter-end-created_at');

    // a year before any demo lead: nothing
    await from.fill('01.01.1990 00:00');
    await from.press('Escape');
    await to.fill('31.12.1990 23:59');
    await to.press('Escape');
    await expect(from).toHaveValue('01.01.1990 00:00');
    await expect(to).toHaveValue('31.12.1990 23:59');
    await saveScreen(page, testInfo, 'date-time-filter');
    await page.getByTestId('apply-filters').click();
    await expect(page.getByTestId('active-filter-created_at')).toContainText('01.01.1990');
    await expect(page.getByTestId('active-filter-created_at')).toContainText('31.12.1990');
    await expect(page.getByTestId('list-total')).toHaveText(/: 0$/);

    // a foreign order is refused, not read as another day
    await page.getByTestId('open-filters').click();
    await from.fill('12/31/1990');
    await from.press('Escape');
    await expect(from).toHaveValue('Geçersiz tarih');
  });
});

test.describe('a screen whose script cannot be fetched', () => {
  test('shows the Turkish chunk load error, and Yeniden yükle brings the screen', async ({
    page,
    allowConsoleMessage,
  }, testInfo) => {
    // the blocked request is the point of this test: Chromium reports it on the console
    allowConsoleMessage(
      /^console\.error: Failed to load resource: net::ERR_FAILED \(http:\/\/[^ ]+\/assets\/ProfilePage-[^ /]+\.js:0\)$/,
    );
    // blocked from the start: the shell prefetches its screens' scripts as soon as it is up
    const profileScript = /\/assets\/ProfilePage-[^/]+\.js$/;
    await page.route(profileScript, (route) => route.abort('failed'));
    await login(page, 'sales@demo.crm');
    await page.goto('/#/profile');
    const failure = page.getByTestId('chunk-load-error');
    await expect(failure).toBeVisible();
    await expect(failure).toContainText('Ekran yüklenemedi');
    await expect(failure).toContainText('120 saniye');
    await saveScreen(page, testInfo, 'chunk-load-error');

    await page.unroute(profileScript);
    await failure.getByRole('button', { name: 'Yeniden yükle' }).click();
    await expect(page.getByTestId('chunk-load-error')).toBeHidden();
    await expect(page.getByTestId('theme-layout')).toBeVisible();
  });
});
