import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { encodeForm } from '../../src/shared/contract';
import { format, messages } from '../../src/shared/i18n/messages';
import { baseUrl, bridgeOf, chooseInOpenDialog, expect, test } from './support/fixtures';
import { exportedSheet } from './support/exported-sheet';
import { DEMO_PASSWORD, login, saveScreen } from './support/screens';

test.use({ baseURL: baseUrl() });

const fixture = (name: string): string =>
  fileURLToPath(new URL(`../fixtures/importer/${name}`, import.meta.url));
/** The file's Kaynak column: every lead of this import carries it. */
const SOURCE = 'İçe Aktarım Ğüşiöç';
const NEW_NAMES = ['Şükrü Çağlayan', 'İpek Işıl Öztürk', 'Gülşen Üstün', 'Ömer Faruk Doğan'];

async function api(path: string, body: Record<string, unknown>, token?: string): Promise<unknown> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: encodeForm(body),
  });
  return response.json();
}

/**
 * Both bridges import the same file into one server: the leads an earlier run imported go first, so
 * the double check finds the demo's fixed lead (0532 111 22 33) only.
 */
async function removeEarlierImports(): Promise<void> {
  const { token } = (await api('/auth/login', { email: 'admin@demo.crm', password: DEMO_PASSWORD })) as {
    token: string;
  };
  const list = (await api(
    '/table/leads',
    { limit: 500, filters: [{ name: 'utm_source', type: 1, value: SOURCE }] },
    token,
  )) as { results: { id: number }[] };
  const ids = list.results.map((row) => row.id);
  if (ids.length > 0) await api('/bulk/remove/', { ids, table: 'leads' }, token);
}

/**
 * Chooses a file as each edition does: the browser's file input (a web worker parses), or on the desktop
 * bridge "Gözat", which has the main process open its dialog and parse the file in a worker thread.
 */
async function chooseFile(
  page: Page,
  projectName: string,
  file: string | { name: string; buffer: Buffer },
): Promise<void> {
  if (bridgeOf(projectName) === 'web') {
    await page
      .getByTestId('import-file')
      .setInputFiles(
        typeof file === 'string'
          ? file
          : { name: file.name, mimeType: 'application/octet-stream', buffer: file.buffer },
      );
    return;
  }
  let path = file;
  if (typeof path !== 'string') {
    path = join(mkdtempSync(join(tmpdir(), 'crm-e2e-import-')), path.name);
    writeFileSync(path, (file as { buffer: Buffer }).buffer);
  }
  chooseInOpenDialog(path);
  // A person clicks the picker's text; the label hands the click to the (hidden) file input.
  await page.locator('.importer-file-input').click();
}

async function savedExport(page: Page, projectName: string): Promise<unknown[][]> {
  return exportedSheet(page, projectName, page.getByTestId('import-report-export').first());
}

test('a manager imports a LibreOffice xlsx: Turkish header, DD/MM/YY dates, one duplicate phone, report and duplicates export', async ({
  page,
}, testInfo) => {
  await removeEarlierImports();
  await login(page, 'admin@demo.crm');
  await page.getByTestId('menu-leads').click();
  await page.getByTestId('excel-upload-link').click();
  await expect(page.getByTestId('importer-page')).toBeVisible();
  await expect(page).toHaveURL(/#\/excel\/leads$/);

  // Upload without a file, then a file that is no spreadsheet: Turkish text with the spec's English
  await page.getByTestId('import-upload-empty').click();
  await expect(page.getByTestId('import-error')).toContainText(messages.importSelectFile);
  await expect(page.getByTestId('import-error')).toContainText('You need to select a file');
  await chooseFile(page, testInfo.project.name, {
    name: 'bozuk.xlsx',
    buffer: Buffer.from('bu bir çalışma kitabı değil'),
  });
  await expect(page.getByTestId('import-error')).toContainText(messages.importInvalidFile);
  await expect(page.getByTestId('import-error')).toContainText(
    'This file is invalid. Try to use a CSV or Xlsx file',
  );
  await saveScreen(page, testInfo, 'importer-file-error');

  // the LibreOffice-made file: 4 rows previewed, the Turkish header mapped by itself but for Kaynak
  await chooseFile(page, testInfo.project.name, fixture('leads-tr-libreoffice.xlsx'));
  await expect(page.getByTestId('import-error')).toHaveCount(0);
  await expect(page.getByTestId('import-summary')).toContainText('4 satır, 5 sütun');
  await expect(page.getByTestId('import-preview-row')).toHaveCount(4);
  await expect(page.getByTestId('import-column-0')).toHaveValue('name');
  await expect(page.getByTestId('import-column-1')).toHaveValue('phone');
  await expect(page.getByTestId('import-column-2')).toHaveValue('birthday');
  await expect(page.getByTestId('import-date-format-2')).toHaveValue('DD/MM/YY');

  // Kaynak is not chosen yet: the spec's check
  await page.getByTestId('import-upload').click();
  await expect(page.getByTestId('import-error')).toContainText(messages.importSelectAllColumns);
  await page.getByTestId('import-column-4').selectOption('utm_source');
  // choosing a field again in another column clears it from the first
  await page.getByTestId('import-column-3').selectOption('utm_source');
  await expect(page.getByTestId('import-column-4')).toHaveValue('');
  await page.getByTestId('import-column-3').selectOption('city');
  await page.getByTestId('import-column-4').selectOption('utm_source');

  // save the mapping as a template
  await page.getByTestId('import-template-name').fill(`Kampanya ${bridgeOf(testInfo.project.name)}`);
  await page.getByTestId('import-template-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: messages.importTemplateSaved })).toBeVisible();

  await page.getByTestId('import-double-check').click();
  await expect(page.getByTestId('import-double-result')).toHaveText(
    format(messages.duplicateCheckResult, { count: 1, total: 4 }),
  );
  await saveScreen(page, testInfo, 'importer-mapped');

  await page.getByTestId('import-upload').click();
  await expect(
    page.getByTestId('toast').filter({ hasText: format(messages.importedCount, { n: 4 }) }),
  ).toBeVisible({
    timeout: 30_000,
  });
  // the result stays with the way to the report; back to the list, which shows the new leads with their Turkish letters
  await expect(page.getByTestId('import-result-report')).toBeVisible();
  await page.getByTestId('import-result-back').click();
  await expect(page).toHaveURL(/#\/list\/leads/);
  const names = page.locator('[data-testid="list-table"] .list-cell-name');
  for (const name of NEW_NAMES) await expect(names.filter({ hasText: name }).first()).toBeVisible();
  await saveScreen(page, testInfo, 'importer-list-after');

  // the import report: one row with the duplicate; its export holds the demo's fixed lead
  await page.goto('/#/report/import');
  const row = page.getByTestId('import-report-row').first();
  await expect(row).toContainText('leads-tr-libreoffice.xlsx');
  await expect(row.getByTestId('import-report-double')).toHaveText('1');
  await saveScreen(page, testInfo, 'importer-report');
  const rows = await savedExport(page, testInfo.project.name);
  expect(rows).toHaveLength(2);
  expect(JSON.stringify(rows[1])).toContain('532');
});

test('"Excel Yükle" shows only where the table\'s excel_import is 1', async ({ page }) => {
  await login(page, 'sales@demo.crm');
  await page.getByTestId('menu-leads').click();
  await expect(page.getByTestId('export-button')).toBeVisible();
  await expect(page.getByTestId('excel-upload-link')).toHaveCount(0);
});
