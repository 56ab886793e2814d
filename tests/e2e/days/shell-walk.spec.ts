import type { Page } from '@playwright/test';
import { baseUrl, expect, test } from '../support/fixtures';
import { login, logout, saveScreen } from '../support/screens';
import { api, apiLogin } from './api';
import { contrastFailures } from './contrast';

test.use({ baseURL: baseUrl() });

/** A page that failed to open: the router's error page, a refusal, an unknown table or route. */
const ERROR_PAGES = ['route-error', 'admin-refusal', 'table-unavailable', 'page-not-found', 'shell-error'];

async function expectNoErrorPage(page: Page, where: string): Promise<void> {
  for (const testId of ERROR_PAGES)
    await expect(page.getByTestId(testId), `${where}: ${testId}`).toHaveCount(0);
}

/** The newest lead the user may open. */
async function firstLeadId(email = 'admin@demo.crm'): Promise<number> {
  const token = await apiLogin(email);
  const answer = (await api('/table/leads', token, { table: 'leads', page: '1', limit: '1' })) as {
    results: { id: number }[];
  };
  const id = answer.results[0]?.id;
  if (id === undefined) throw new Error('no lead in the demo data');
  return id;
}

/**
 * A sales manager's day starts from the menu (docs/user-guide.md#administration-menu): every entry of every
 * section, the Yönetim section's rules, offer templates and surveys included, opens its screen.
 */
test('a sales manager opens every menu entry, the Yönetim section and the admin area without an error', async ({
  page,
}, testInfo) => {
  // The machine is shared with other runs: first screens load slowly.
  test.slow();
  await login(page, 'sales_manager@demo.crm');
  const administration = page.getByTestId('menu-administration');
  await expect(administration).toContainText('Yönetim');
  for (const table of ['hooks', 'bids', 'quizbuilder', 'users', 'teams', 'lead_statuses']) {
    await expect(administration.getByTestId(`menu-${table}`), table).toBeVisible();
  }
  // The admins' own configuration is not theirs.
  await expect(administration.getByTestId('menu-permissions')).toHaveCount(0);
  await expect(administration.getByTestId('menu-crm_tables')).toHaveCount(0);
  await saveScreen(page, testInfo, 'days-sales-manager-menu');

  const links = await page
    .getByTestId('app-sidebar')
    .locator('.side-menu-link')
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
  expect(links.length).toBeGreaterThan(10);
  for (const href of [...links, '#/admin']) {
    await page.goto(`/${href}`);
    await expect(page.getByTestId('app-shell')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoErrorPage(page, href);
  }

  // /admin: their tables in the sidebar, not the admins' counters, journal or Reset Cache.
  await page.goto('/#/admin');
  await expect(page.getByTestId('admin-limited')).toBeVisible();
  await expect(page.getByTestId('admin-link-hooks')).toBeVisible();
  await expect(page.getByTestId('admin-counters')).toHaveCount(0);
  await expect(page.getByTestId('admin-reset-cache')).toHaveCount(0);
  await page.getByTestId('admin-link-users').click();
  await expect(page.getByTestId('list-table')).toBeVisible({ timeout: 30_000 });
  await saveScreen(page, testInfo, 'days-sales-manager-admin');
  // The permission editor stays the admins'.
  await page.goto('/#/user/permissions/1');
  await expect(page.getByTestId('admin-refusal')).toBeVisible();
});

/** An offer template whose first question reads the lead's name, saved by an admin (POST /bids/save/). */
async function offerTemplate(name: string): Promise<number> {
  const admin = await apiLogin('admin@demo.crm');
  const response = await fetch(`${baseUrl()}/api/bids/save/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      questions: [
        { text: 'İsim Soyisim', type: 'db', field: { id: 0, name: 'name' }, answers: [] },
        { text: 'Paket', type: 'cat', answers: [{ text: 'Altın', priceCalc: true, priceVal: '1250,50' }] },
      ],
    }),
  });
  const answer = (await response.json()) as { id: number };
  expect(response.ok, JSON.stringify(answer)).toBe(true);
  return answer.id;
}

test('an offer starts from the lead header with the lead filled in', async ({ page }, testInfo) => {
  // The machine is shared with other runs: first screens load slowly.
  test.slow();
  const leadId = await firstLeadId();
  const templateId = await offerTemplate(`Günlük teklif ${testInfo.project.name} ${Date.now() % 100000}`);
  await login(page, 'sales_manager@demo.crm');
  await page.goto(`/#/leadDetail/${leadId}`);
  await page.getByTestId('prepare-offer').click();
  const template = page.getByTestId(`offer-template-${templateId}`);
  await expect(template).toBeVisible();
  await template.click();
  await expect(page).toHaveURL(new RegExp(`#/bids/${leadId}/${templateId}$`));
  await expect(page.getByText(`#LEAD${leadId}`).first()).toBeVisible();
  await saveScreen(page, testInfo, 'days-offer-from-lead');
  // Finance has no offers: no button.
  await logout(page);
  await login(page, 'finance@demo.crm');
  await page.goto(`/#/leadDetail/${leadId}`);
  await expect(page.getByTestId('lead-header')).toBeVisible();
  await expect(page.getByTestId('prepare-offer')).toHaveCount(0);
});

async function setDark(page: Page, dark: boolean): Promise<void> {
  await page.goto('/#/profile');
  const toggle = page.getByTestId('theme-dark');
  await expect(toggle).toBeEnabled({ timeout: 30_000 });
  if ((await toggle.isChecked()) !== dark) await toggle.click({ force: true });
  await expect(page.locator('body')).toHaveClass(dark ? /bp6-dark/ : /^(?!.*bp6-dark)/, { timeout: 15_000 });
}

test('dark mode keeps every key text readable (contrast at least 4.5:1)', async ({ page }, testInfo) => {
  // The machine is shared with other runs: first screens load slowly.
  test.slow();
  const leadId = await firstLeadId('sales2@demo.crm');
  await login(page, 'sales2@demo.crm');
  await setDark(page, true);
  try {
    const checks: { where: string; failures: Awaited<ReturnType<typeof contrastFailures>> }[] = [];
    await page.goto(`/#/leadDetail/${leadId}`);
    await expect(page.getByTestId('lead-name')).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    checks.push({ where: 'lead header', failures: await contrastFailures(page.getByTestId('lead-header')) });
    checks.push({ where: 'lead page', failures: await contrastFailures(page.locator('.app-main')) });
    await saveScreen(page, testInfo, 'days-dark-lead');

    await page.goto('/#/list/leads');
    await expect(page.getByTestId('list-table')).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    checks.push({ where: 'list', failures: await contrastFailures(page.locator('.app-main')) });
    checks.push({ where: 'menu', failures: await contrastFailures(page.getByTestId('app-sidebar')) });
    await saveScreen(page, testInfo, 'days-dark-list');

    await page.getByTestId('open-filters').click();
    await expect(page.getByTestId('search-drawer')).toBeVisible();
    await page.waitForTimeout(400);
    checks.push({ where: 'filters', failures: await contrastFailures(page.locator('.bp6-drawer')) });
    await saveScreen(page, testInfo, 'days-dark-filters');
    await page.keyboard.press('Escape');

    await page.getByTestId('insert-open').click();
    await expect(page.getByTestId('insert-dialog')).toBeVisible();
    await page.waitForTimeout(400);
    checks.push({ where: 'dialog', failures: await contrastFailures(page.locator('.bp6-dialog')) });
    await saveScreen(page, testInfo, 'days-dark-dialog');
    await page.keyboard.press('Escape');

    const failing = checks.filter((check) => check.failures.length > 0);
    expect(failing, JSON.stringify(failing, null, 1)).toEqual([]);
  } finally {
    await setDark(page, false);
  }
});

/** Two boxes overlap when they share more than a pixel in both directions. */
function overlaps(a: DOMRectLike, b: DOMRectLike): boolean {
  return (
    a.x + a.width - 1 > b.x && b.x + b.width - 1 > a.x && a.y + a.height - 1 > b.y && b.y + b.height - 1 > a.y
  );
}
type DOMRectLike = { x: number; y: number; width: number; height: number };

test('a 390 px window: nothing in the top bar overlaps, the page does not run off the side', async ({
  page,
}, testInfo) => {
  // The machine is shared with other runs: first screens load slowly.
  test.slow();
  const leadId = await firstLeadId('sales@demo.crm');
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'sales@demo.crm');
  for (const path of ['/#/list/leads', `/#/leadDetail/${leadId}`, '/#/chat']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const search = await page.locator('.app-navbar-search').boundingBox();
    expect(search, path).not.toBeNull();
    const others = page.locator(
      '.app-navbar-start > *:visible, .app-navbar-end > *:visible, .lead-tabs [role="tab"]:visible, .bp6-tab-list:visible',
    );
    for (const box of await others.evaluateAll((nodes) =>
      nodes.map((node) => {
        const rect = node.getBoundingClientRect();
        return { x: rect.x, y: rect.y, width: rect.width, height: rect.height, name: node.className };
      }),
    )) {
      if (box.width === 0 || box.height === 0 || !search) continue;
      expect(overlaps(search, box), `${path}: search box over ${box.name}`).toBe(false);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path}: horizontal overflow`).toBeLessThanOrEqual(0);
    await saveScreen(page, testInfo, `days-narrow-${path.split('/')[2] ?? 'page'}`);
  }
});
