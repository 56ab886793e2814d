import { format } from '../../../src/shared/i18n/messages';
import { workflowMessages } from '../../../src/shared/i18n/workflow-messages';
import { baseUrl, expect, test } from '../support/fixtures';
import { login, logout, saveScreen } from '../support/screens';

test.use({ baseURL: baseUrl() });

/**
 * A manager's day (docs/workflows.md#a-managers-import-seen-by-the-agent): a Turkish CSV (semicolons,
 * Turkish headers, DD.MM.YYYY dates) is mapped by itself, handed to an agent in the owner step, and the
 * agent sees the leads at once; then a weekly "Son 7 gün" report is scheduled and its next send shown as
 * 31.12.2025 14:05. And the duplicate question of "Ekle".
 */

const AGENT_NAME = 'Emre Şahin';

test('a manager imports a Turkish file to an agent, who sees the leads at once; then schedules "Son 7 gün"', async ({
  page,
}, testInfo) => {
  const run = `${testInfo.project.name}${Date.now() % 100_000}`;
  const names = [`Gönül Çelik ${run}`, `İsmail Öz ${run}`];
  // Phones no demo lead has, different per run.
  const phone = (n: number): string => `0 (538) ${String(Date.now() % 1000).padStart(3, '0')} ${n}0 0${n}`;
  const csv = [
    'Ad Soyad;TELEFON;Doğum Tarihi;İl',
    `${names[0]};${phone(1)};31.12.1990;İzmir`,
    `${names[1]};${phone(2)};05.03.1985;Eskişehir`,
  ].join('\r\n');

  await login(page, 'sales_manager@demo.crm');
  await page.goto('/#/excel/leads');
  await expect(page.getByTestId('importer-page')).toBeVisible();
  await page
    .getByTestId('import-file')
    .setInputFiles({ name: 'fuar-listesi.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await expect(page.getByTestId('import-summary')).toContainText('2 satır, 4 sütun');
  // Turkish headers mapped by themselves, the date format guessed from the cells and shown.
  await expect(page.getByTestId('import-column-0')).toHaveValue('name');
  await expect(page.getByTestId('import-column-1')).toHaveValue('phone');
  await expect(page.getByTestId('import-column-2')).toHaveValue('birthday');
  await expect(page.getByTestId('import-column-3')).toHaveValue('city');
  await expect(page.getByTestId('import-date-format-2')).toHaveValue('DD.MM.YYYY');
  await expect(page.getByTestId('importer-page')).toContainText(
    format(workflowMessages.importDateGuessed, { format: 'DD.MM.YYYY' }),
  );

  // The owner step: an agent is required once "Bir temsilciye ata" is chosen.
  await page.getByTestId('import-owner-agent').click();
  await page.getByTestId('import-upload').click();
  await expect(page.getByTestId('import-error')).toContainText(workflowMessages.importOwnerAgentRequired);
  await page.getByTestId('import-owner-agent-select').selectOption({ label: AGENT_NAME });
  await page.getByTestId('import-owner-source').fill(`fuar-${run}`);
  await page.getByTestId('import-policy-skip').click();
  await saveScreen(page, testInfo, 'days-manager-import-owner');
  await page.getByTestId('import-upload').click();

  await expect(page.getByTestId('import-result')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('import-result-inserted')).toHaveText(
    format(workflowMessages.importResultInserted, { n: 2 }),
  );
  await saveScreen(page, testInfo, 'days-manager-import-result');
  await page.getByTestId('import-result-report').click();
  const report = page.getByTestId('import-report-row').first();
  await expect(report).toContainText('fuar-listesi.csv');
  await expect(report.getByTestId('import-report-owner')).toContainText(AGENT_NAME);
  await expect(report.getByTestId('import-report-policy')).toHaveText(
    workflowMessages.importPolicyLabels.skip,
  );
  // The date as users read it.
  await expect(report).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
  await saveScreen(page, testInfo, 'days-manager-import-report');
  // The report is in the Raporlar menu too.
  await expect(page.getByTestId('menu-reports').getByTestId('menu-import_report')).toBeVisible();

  // The agent logs in and finds the leads at once, and opens one.
  await logout(page);
  await login(page, 'sales@demo.crm');
  await page.goto(`/#/list/leads?utm_source=fuar-${run}`);
  const cells = page.locator('[data-testid="list-table"] .list-cell-name');
  for (const name of names) {
    await expect(cells.filter({ hasText: name }).first()).toBeVisible({ timeout: 20_000 });
  }
  await saveScreen(page, testInfo, 'days-manager-agent-list');

  // Back as the manager: a weekly report over "Son 7 gün", its next send as 31.12.2025 14:05.
  await logout(page);
  await login(page, 'sales_manager@demo.crm');
  await page.goto('/#/report/periodic');
  await expect(page.getByTestId('periodic-reports')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('periodic-add').click();
  const reportName = `Haftalık kaynaklar ${run}`;
  await page.getByTestId('periodic-name').fill(reportName);
  await page.getByTestId('periodic-type').selectOption('utm');
  await page.getByTestId('periodic-period').selectOption('7');
  await expect(page.getByTestId('periodic-range')).toHaveValue('last_7_days');
  await page.getByTestId('periodic-receiver').fill('mudur@firma.com.tr');
  await page.getByTestId('periodic-next').fill('31.12.2026 14:05');
  await saveScreen(page, testInfo, 'days-manager-periodic-dialog');
  await page.getByTestId('periodic-save').click();
  const row = page.locator(`[data-testid="periodic-row"][data-name="${reportName}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('periodic-range-text')).toHaveText(workflowMessages.rangeRules.last_7_days);
  await expect(row.getByTestId('periodic-next-send')).toHaveText('31.12.2026 14:05');
  await saveScreen(page, testInfo, 'days-manager-periodic-list');
});

test('"Ekle" asks before saving a lead whose phone another lead has, naming it as a link', async ({
  page,
  allowConsoleMessage,
}, testInfo) => {
  // The refused save is the question's trigger: the browser logs its 409.
  allowConsoleMessage(/409 \(Conflict\).*\/api\/inline\/save\//);
  const run = `${testInfo.project.name}${Date.now() % 100_000}`;
  const phone = `537${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  await login(page, 'sales_manager@demo.crm');
  await page.goto('/#/list/leads');
  const add = async (name: string, typed: string): Promise<void> => {
    await page.getByTestId('insert-open').click();
    await page.getByTestId('insert-field-name').fill(name);
    await page.getByTestId('insert-field-phone').fill(typed);
    await page.getByTestId('insert-submit').click();
  };
  await add(`İlk Kayıt ${run}`, phone);
  await expect(page.getByTestId('insert-dialog')).toBeHidden();

  // The same number, typed as people type it.
  await add(
    `Çift Kayıt ${run}`,
    `0 (${phone.slice(0, 3)}) ${phone.slice(3, 6)} ${phone.slice(6, 8)} ${phone.slice(8)}`,
  );
  const dialog = page.getByTestId('duplicate-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('duplicate-match-link')).toHaveText(`İlk Kayıt ${run}`);
  await expect(dialog.getByTestId('duplicate-match-link')).toHaveAttribute('href', /#\/leadDetail\/\d+$/);
  await expect(dialog).toContainText(workflowMessages.duplicateReasons.phone);
  await saveScreen(page, testInfo, 'days-duplicate-question');
  await page.getByTestId('duplicate-save').click();
  await expect(page.getByTestId('insert-dialog')).toBeHidden();
  const cells = page.locator('[data-testid="list-table"] .list-cell-name');
  await expect(cells.filter({ hasText: `Çift Kayıt ${run}` }).first()).toBeVisible({ timeout: 20_000 });
});
