import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { baseUrl, bridgeOf, expect, lastSavedFile, test } from './support/fixtures';
import { login, saveScreen } from './support/screens';

test.use({ baseURL: baseUrl() });

/** The PDF's text as poppler reads it (pdftotext, installed with poppler-utils in CI). */
function pdfText(path: string): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
}

test('an offer built from a template is saved as a PDF holding the name and the total in Turkish', async ({
  page,
}, testInfo) => {
  const desktop = bridgeOf(testInfo.project.name) === 'desktop';
  const templateName = `Yatırım Teklifi ${desktop ? 'Masaüstü' : 'Web'}`;
  const person = desktop ? 'Şükrü Öztürk Çağlayan' : 'Gülşen İğdeli Işık';
  await login(page, 'sales_manager@demo.crm');
  await page.goto('/#/bids');
  await expect(page.getByTestId('bids-page')).toBeVisible();

  // Template: 'İsim Soyisim' from the lead's name (db), and two priced questions (cat).
  await page.getByTestId('bid-new').click();
  await page.getByTestId('bid-name').fill(templateName);
  await expect(page.getByTestId('bid-question-text-0')).toHaveValue('İsim Soyisim');
  await page.getByTestId('bid-question-text-1').fill('Paket');
  await page.getByTestId('bid-answer-text-1-0').fill('Altın Paket');
  await page.getByTestId('bid-answer-price-1-0').fill('1250,50');
  await page.getByTestId('bid-add-answer-1').click();
  await page.getByTestId('bid-answer-text-1-1').fill('Gümüş Paket');
  await page.getByTestId('bid-answer-price-1-1').fill('500');
  await page.getByTestId('bid-add-question').click();
  await page.getByTestId('bid-question-text-2').fill('Kurulum desteği');
  await page.getByTestId('bid-answer-text-2-0').fill('Özel kurulum');
  await page.getByTestId('bid-answer-price-2-0').fill('99.99');
  await saveScreen(page, testInfo, 'work-bid-builder');
  await page.getByTestId('bid-save').click();
  await expect(page.getByText('Teklif şablonu kaydedildi').first()).toBeVisible();

  // The offer for a lead: /bids/{lead_id}/{id}.
  const leadId = desktop ? 4 : 3;
  await page.getByTestId('bid-prepare-lead').fill(String(leadId));
  await page.getByTestId('bid-prepare-template').selectOption({ label: templateName });
  await page.getByTestId('bid-prepare-open').click();
  await expect(page).toHaveURL(new RegExp(`#/bids/${leadId}/\\d+$`));
  await expect(page.getByTestId('bid-preview')).toBeVisible();
  // The db question comes filled with the lead's name; the agent writes it as the customer wants it.
  await expect(page.getByTestId('bid-value-0')).not.toHaveValue('');
  await page.getByTestId('bid-value-0').fill(person);
  await page.getByTestId('bid-value-1').selectOption('Altın Paket');
  await page.getByTestId('bid-value-2').selectOption('Özel kurulum');
  await expect(page.getByTestId('bid-total')).toHaveText('1.350,49');
  await page.getByTestId('bid-save-offer').click();
  await expect(page.getByText('Teklif kaydedildi').first()).toBeVisible();
  await expect(page.getByTestId('bid-total')).toHaveText('1.350,49');
  await saveScreen(page, testInfo, 'work-bid-offer');

  // PDF: the desktop writes it where the save dialog says, the browser downloads it.
  let saved: string;
  if (desktop) {
    const before = lastSavedFile();
    await page.getByTestId('bid-pdf').click();
    await expect(page.getByText('PDF kaydedildi').first()).toBeVisible();
    saved = lastSavedFile() ?? '';
    expect(saved).not.toBe(before);
  } else {
    const download = page.waitForEvent('download');
    await page.getByTestId('bid-pdf').click();
    const file = await download;
    saved = join(mkdtempSync(join(tmpdir(), 'crm-e2e-pdf-')), file.suggestedFilename());
    await file.saveAs(saved);
  }
  expect(basename(saved)).toBe(`${person}.pdf`);
  const text = pdfText(saved);
  expect(text).toContain(person);
  expect(text).toContain('1.350,49');
  expect(text).toContain('Özel kurulum');
  expect(text).toContain(templateName);
  // A4 portrait.
  const info = execFileSync('pdfinfo', [saved], { encoding: 'utf8' });
  expect(info).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
});
