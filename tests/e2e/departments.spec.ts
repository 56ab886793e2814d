import type { Page } from '@playwright/test';
import { departmentLabels, messages } from '../../src/shared/i18n/messages';
import { baseUrl, expect, test } from './support/fixtures';
import { DEMO_PASSWORD, saveScreen } from './support/screens';

test.use({ baseURL: baseUrl() });

/** Whatever a screen shows when it failed; none may appear on a menu entry of the user's own menu. */
const ERROR_PAGES = [
  'route-error',
  'chunk-load-error',
  'shell-error',
  'page-not-found',
  'table-unavailable',
  'list-error',
  'lead-error',
  'lead-not-found',
];

async function expectNoErrorPage(page: Page, where: string): Promise<void> {
  for (const testId of ERROR_PAGES) {
    await expect(page.getByTestId(testId), `${where}: ${testId}`).toHaveCount(0);
  }
}

/**
 * Waits for the screen behind a menu entry: a list's first answer, or any other page. The list is looked
 * for by its table, so the previous entry's list, still in the DOM for a moment while the next screen
 * mounts, is never taken for this one.
 */
async function waitForScreen(page: Page, href: string): Promise<void> {
  await expect(page.getByTestId('route-loading')).toHaveCount(0);
  await expect(page.getByTestId('screen-loading')).toHaveCount(0);
  const main = page.locator('main.app-main');
  await expect(main.locator('.page').first()).toBeVisible();
  const list = /#\/list\/([a-z_]+)/.exec(href);
  if (list) {
    await expect(main.locator(`[data-testid="list-page"][data-table="${list[1]}"]`)).toBeVisible();
    await expect(
      main
        .locator('[data-testid="list-table"], [data-testid="list-empty"], [data-testid="list-error"]')
        .first(),
    ).toBeVisible();
  }
}

/** The hrefs of one menu section (main menu, Raporlar), in menu order. */
async function menuLinks(page: Page, section: string): Promise<{ testId: string; href: string }[]> {
  const links = page.getByTestId(section).locator('a.side-menu-link');
  const count = await links.count();
  const out: { testId: string; href: string }[] = [];
  for (let index = 0; index < count; index += 1) {
    const link = links.nth(index);
    out.push({
      testId: (await link.getAttribute('data-testid')) ?? '',
      href: (await link.getAttribute('href')) ?? '',
    });
  }
  return out;
}

type DepartmentCase = {
  email: string;
  department: keyof typeof departmentLabels;
  /** Whether Yönetim Paneli opens the panel (else the page saying it is for administrators). */
  admin: boolean;
};

const DEPARTMENTS: readonly DepartmentCase[] = [
  { email: 'admin@demo.crm', department: 'admin', admin: true },
  // docs/admin-guide.md: the panel grants permissions and accounts, so it is the admin department's alone.
  { email: 'sales_manager@demo.crm', department: 'sales_manager', admin: false },
  { email: 'finance@demo.crm', department: 'finance', admin: false },
  { email: 'risk@demo.crm', department: 'risk', admin: false },
  { email: 'sales@demo.crm', department: 'sales', admin: false },
  { email: 'retention@demo.crm', department: 'retention', admin: false },
];

for (const { email, department, admin } of DEPARTMENTS) {
  test(`${department}: every menu entry, Profil and Yönetim Paneli open without an error page`, async ({
    page,
  }, testInfo) => {
    // Every screen of the menu in one test, each script loaded on its first visit.
    test.slow();
    await page.goto('/');
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    // docs/requirements.md#messages-the-user-reads: a toast for the successful login (it stays 3 s, so it is looked for at once).
    await expect(page.getByTestId('toast').filter({ hasText: messages.loginSuccess })).toBeVisible();
    await expect(page.getByTestId('dashboard')).toBeVisible();

    const main = await menuLinks(page, 'menu-main');
    expect(main.length, 'main menu entries').toBeGreaterThan(0);
    const reports =
      (await page.getByTestId('menu-reports').count()) > 0 ? await menuLinks(page, 'menu-reports') : [];
    for (const entry of [...main, ...reports]) {
      await page.getByTestId(entry.testId).click();
      await expect(page).toHaveURL(new RegExp(`${entry.href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      await waitForScreen(page, entry.href);
      await expectNoErrorPage(page, entry.href);
    }

    await page.getByTestId('profile-menu').click();
    await page.getByTestId('menu-profile').click();
    await expect(page.getByTestId('profile-counters')).toBeVisible();
    // Department codes never reach the screen: the profile names the department in Turkish.
    await expect(page.getByTestId('profile-identity')).toContainText(departmentLabels[department]);
    await expectNoErrorPage(page, '/profile');

    await page.getByTestId('profile-menu').click();
    await page.getByTestId('menu-admin').click();
    await expect(page).toHaveURL(/#\/admin$/);
    if (admin) {
      await expect(page.getByTestId('admin-leads')).toContainText(/\d/);
      await expectNoErrorPage(page, '/admin');
      await expect(page.getByTestId('admin-users')).toContainText(/\d/);
      await expect(page.getByTestId('admin-link-users')).toBeVisible();
      if (department === 'admin') await saveScreen(page, testInfo, 'admin-panel');
      // The sidebar's links open the admin screens, department names in Turkish.
      await page.getByTestId('admin-link-users').click();
      await expect(page.getByTestId('admin-users-table')).toBeVisible();
      await expect(page.getByTestId('admin-users-table')).toContainText(departmentLabels.sales);
      await expect(page.getByTestId('admin-users-table')).not.toContainText(/\bsales_manager\b/);
    } else {
      // docs/user-guide.md#administration-menu: the group's own administration tables, none of the admins' parts.
      await expect(page.getByTestId('admin-limited')).toBeVisible();
      await expect(page.getByTestId('admin-counters')).toHaveCount(0);
      await expectNoErrorPage(page, '/admin');
      if (department === 'sales') await saveScreen(page, testInfo, 'admin-limited');
      await page.goto('/#/user/permissions/1');
      await expect(page.getByTestId('admin-refusal')).toContainText(messages.adminPanelOnly);
      await expect(page.getByTestId('admin-refusal-department')).toContainText(departmentLabels[department]);
      // The users list of the old 'Yönetim Paneli' link now says plainly that it is not for them
      // (sales managers keep their group's users table, without admin accounts).
      if (department !== 'sales_manager') {
        await page.goto('/#/list/users');
        await expect(page.getByTestId('table-unavailable')).toContainText(messages.tableNotFound);
        await expect(page.locator('h1', { hasText: 'users' })).toHaveCount(0);
      }
    }
  });
}
