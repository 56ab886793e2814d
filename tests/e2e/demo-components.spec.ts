import type { Page } from '@playwright/test';
import { baseUrl, expect, test } from './support/fixtures';
import { login, logout, saveScreen } from './support/screens';

test.use({ baseURL: baseUrl() });
// Each test walks several screens of the admin area, on a machine other runs share.
test.describe.configure({ timeout: 180_000 });

const SAVED = 'İşlem başarıyla kaydedildi';
const TURKISH_MONEY = /^-?\d{1,3}(\.\d{3})*,\d{2,}$/;

/** Opens a list by its route (the admin area's tables are not in the main menu) and waits for its rows. */
async function openList(page: Page, table: string, query = ''): Promise<void> {
  await page.goto(`/#/list/${table}${query}`);
  // the machine running the suite is shared: a first list of a table may take a while
  await expect(page.locator('[data-testid="list-table"] .list-cell-id').first()).toBeVisible({
    timeout: 30_000,
  });
}

test('an agent’s first screen has something in every panel', async ({ page }, testInfo) => {
  await login(page, 'sales@demo.crm');
  await expect(page.getByTestId('dashboard')).toBeVisible();
  // Yaklaşan 10 Hatırlatma: later today and this week
  await expect(page.getByTestId('reminder-item').first()).toBeVisible();
  expect(await page.getByTestId('reminder-item').count()).toBeGreaterThanOrEqual(3);
  // Favoriler: a lead and list pages
  await expect(page.getByTestId('favorite-page').first()).toBeVisible();
  expect(await page.getByTestId('favorite-page').count()).toBeGreaterThanOrEqual(2);
  // the calendar of this month, and the charts of the last 30 days
  await expect(page.getByTestId('calendar-event').first()).toBeVisible();
  await expect(page.getByTestId('chart-leads')).toBeVisible();
  await expect(page.getByTestId('chart-statuses')).toBeVisible();
  await saveScreen(page, testInfo, 'dashboard-agent');

  // the drawer: every state, and a Platform Girişi that cannot be completed
  await page.getByTestId('bell').click();
  const items = page.getByTestId('notification-item');
  await expect(items.first()).toBeVisible();
  await expect(items.filter({ hasText: 'Platform Girişi' })).toHaveCount(1);
  await expect(items.filter({ hasText: 'Platform Girişi' }).getByTestId('notification-complete')).toHaveCount(
    0,
  );
  await expect(page.locator('[data-testid="notification-item"][data-state="done"]').first()).toBeVisible();
  await expect(page.locator('[data-testid="notification-item"][data-state="overdue"]').first()).toBeVisible();
  await expect(page.locator('[data-testid="notification-item"][data-state="open"]').first()).toBeVisible();
});

test('double and clickShow: a customer’s balance and national id, in the list and in the edit form', async ({
  page,
}, testInfo) => {
  await login(page, 'admin@demo.crm');
  await openList(page, 'customers');
  await page.getByTestId('open-columns').click();
  await page.getByTestId('column-toggle-balance').check();
  await page.getByTestId('column-toggle-tc').check();
  await page.getByTestId('columns-close').click();

  // double: Turkish notation, digit for digit
  const balance = page.locator('[data-testid="list-table"] .field-decimal').first();
  await expect(balance).toHaveText(TURKISH_MONEY);

  // clickShow: masked until clicked
  const tc = page.locator('[data-testid="list-table"] [data-testid^="clickshow-tc-"]').first();
  await expect(tc).toHaveAttribute('data-shown', 'false');
  await expect(tc).toContainText('•');
  const tcTestId = (await tc.getAttribute('data-testid')) ?? '';
  const id = Number(tcTestId.replace('clickshow-tc-', ''));
  await tc.click();
  const shown = page.getByTestId(tcTestId);
  await expect(shown).toHaveAttribute('data-shown', 'true');
  await expect(shown).toHaveText(/^\d{11}$/);
  const tcValue = await shown.innerText();

  // the edit form: the id stays masked until Göster; the balance takes a Turkish comma and saves exactly
  await page.goto(`/#/edit/customers/${id}`);
  const tcField = page.getByTestId('edit-page-field-tc');
  await expect(tcField).toHaveAttribute('data-shown', 'false');
  await expect(tcField).not.toHaveValue(tcValue);
  await page.getByTestId('edit-page-field-tc-show').click();
  await expect(page.getByTestId('edit-page-field-tc')).toHaveValue(tcValue);
  const amount = testInfo.project.name === 'desktop' ? '2500,75' : '1234567,8';
  await page.getByTestId('edit-page-field-balance').fill(amount);
  // the money input keeps what was typed and the server reads it the Turkish way (docs/money.md)
  await expect(page.getByTestId('edit-page-field-balance')).toHaveValue(amount);
  await page.getByTestId('edit-page-save').click();
  await expect(page.getByText(SAVED).first()).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('edit-page-field-balance')).toHaveValue(
    testInfo.project.name === 'desktop' ? '2500.75' : '1234567.80',
    { timeout: 30_000 },
  );
});

test('leadDetailModal, modal, json and permissionModal open their value in a dialog', async ({
  page,
}, testInfo) => {
  await login(page, 'admin@demo.crm');

  // leadDetailModal: a third person's lead opens as a card, with a link to its detail
  await openList(page, 'lead_remitters');
  // the person's name links to the workspace (docs/user-guide.md#kayitlari-acmak); the card is beside it
  const leadName = page.locator('[data-testid^="lead-name-lead_id-"]').first();
  await expect(leadName).not.toBeEmpty();
  const leadId = /leadDetail\/(\d+)/.exec((await leadName.getAttribute('href')) ?? '')?.[1] ?? '';
  expect(leadId).not.toBe('');
  const leadButton = page.locator('[data-testid^="lead-modal-open-lead_id-"]').first();
  await leadButton.click();
  await expect(page.getByTestId('lead-card')).toBeVisible();
  await expect(page.getByTestId('lead-card-name')).not.toBeEmpty();
  await expect(page.getByTestId('lead-card-status_id')).not.toBeEmpty();
  await saveScreen(page, testInfo, 'lead-card');
  await page.getByTestId('lead-card-link').click();
  await expect(page).toHaveURL(new RegExp(`leadDetail/${leadId}(#|$)`));

  // modal: an e-mail template's body, whole, in a dialog
  await openList(page, 'email_templates');
  await page.locator('[data-testid^="modal-open-body-"]').first().click();
  await expect(page.getByTestId('field-modal')).toContainText('Saygılarımızla');
  await page.getByTestId('field-modal-close').click();
  await expect(page.getByTestId('field-modal')).toBeHidden();

  // json: a task template, formatted
  await openList(page, 'tasks_templates');
  await page.locator('[data-testid^="json-open-tasks-"]').first().click();
  await expect(page.getByTestId('field-json')).toContainText('title: ');
  // read as words, never as JSON text
  await expect(page.getByTestId('field-json')).not.toContainText('"title"');
  await page.getByTestId('field-json-close').click();

  // permissionModal: a group's lead-detail modules (a hidden table's row has none)
  await openList(page, 'permissions', '?table_name=leads');
  const modules = page.locator('[data-testid^="permission-open-"]', { hasText: /\(\d+\)/ }).first();
  const count = Number(/\((\d+)\)/.exec(await modules.innerText())?.[1]);
  await modules.click();
  await expect(page.getByTestId('permission-dialog').locator('tr')).toHaveCount(count);
  await expect(page.getByTestId('permission-dialog')).toContainText('kisisel-bilgiler');
  await page.getByTestId('permission-close').click();
});

test('json and icon editors: a task template is typed and checked, a menu icon is picked', async ({
  page,
}, testInfo) => {
  await login(page, 'admin@demo.crm');
  await openList(page, 'tasks_templates');
  await page.getByTestId('insert-open').click();
  const name = `Geri arama (${testInfo.project.name})`;
  await page.getByTestId('insert-field-name').fill(name);
  const tasks = page.getByTestId('insert-field-tasks');
  await tasks.fill('[{"title": "Ara"');
  await expect(page.getByTestId('insert-field-tasks-error')).toBeVisible();
  await expect(page.getByTestId('insert-field-tasks-format')).toBeDisabled();
  await tasks.fill('[{"title": "Ara"}, {"title": "E-posta gönder"}]');
  await expect(page.getByTestId('insert-field-tasks-error')).toHaveCount(0);
  await page.getByTestId('insert-field-tasks-format').click();
  await expect(tasks).toHaveValue(/\[\n {2}\{\n {4}"title": "Ara"/);
  await page.getByTestId('insert-submit').click();
  await expect(page.getByText(SAVED).first()).toBeVisible();
  await expect(page.locator('[data-testid="list-table"] .list-cell-string', { hasText: name })).toBeVisible();

  // icon: the Utm Raporu menu entry gets a picked icon, shown as the icon in the list
  await openList(page, 'crm_tables', '?table_name=report_utm');
  const idCell = page.locator('[data-testid="list-table"] .list-cell-id').first();
  const id = (await idCell.innerText()).trim();
  await page.getByTestId(`row-edit-${id}`).click();
  const icon = testInfo.project.name === 'desktop' ? 'heart' : 'star';
  await page.getByTestId('edit-field-icon-pick').click();
  await page.getByTestId('edit-field-icon-icon-search').fill(icon);
  await saveScreen(page, testInfo, 'icon-picker');
  await page.getByTestId(`edit-field-icon-icon-${icon}`).click();
  await expect(page.getByTestId('edit-field-icon')).toHaveValue(icon);
  await page.getByTestId('edit-submit').click();
  await expect(page.getByText(SAVED).first()).toBeVisible();
  const cell = page.locator('[data-testid="list-table"] .list-cell-icon').first();
  await expect(cell).toContainText(icon);
  await expect(cell.locator(`[data-icon="${icon}"]`)).toBeVisible();
});

test('password: an admin creates a user whose password works, and is never shown', async ({
  page,
}, testInfo) => {
  await login(page, 'admin@demo.crm');
  await openList(page, 'users');
  await page.getByTestId('insert-open').click();
  const email = `deniz.${testInfo.project.name}.${Date.now() % 100_000}@demo.test`;
  const password = 'Yeni.Parola.2026';
  await page.getByTestId('insert-field-name').fill('Deniz Ateş');
  await page.getByTestId('insert-field-email').fill(email);
  const passwordField = page.getByTestId('insert-field-password_hash');
  await expect(passwordField).toHaveAttribute('type', 'password');
  await passwordField.fill(password);
  await page.getByTestId('insert-field-department').click();
  await page.getByTestId('insert-field-department-option-sales').click();
  await page.getByTestId('insert-field-user_group_id').click();
  await page.locator('[data-testid^="insert-field-user_group_id-option-"]', { hasText: /^Satış$/ }).click();
  await page.getByTestId('insert-field-team_id').click();
  await page
    .locator('[data-testid^="insert-field-team_id-option-"]', { hasText: /^Satış İstanbul$/ })
    .click();
  await page.getByTestId('insert-submit').click();
  await expect(page.getByText(SAVED).first()).toBeVisible();
  await expect(page.getByTestId('open-columns')).toBeVisible();
  await page.getByTestId('open-columns').click();
  await expect(page.getByTestId('column-toggle-password_hash')).toHaveCount(0);
  await page.getByTestId('columns-close').click();

  // the password works; an admin set it, so the first login asks for the user's own before the shell
  await logout(page);
  await login(page, email, password);
  await expect(page.getByTestId('forced-password-change')).toBeVisible();
  await page.getByTestId('password-current').fill(password);
  await page.getByTestId('password-new').fill('Kendi.Parolam.2026');
  await page.getByTestId('password-repeat').fill('Kendi.Parolam.2026');
  await page.getByTestId('password-submit').click();
  await expect(page.getByTestId('welcome')).toContainText('Deniz Ateş');
});
