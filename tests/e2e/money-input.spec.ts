import type { Page } from '@playwright/test';
import { encodeForm } from '../../src/shared/contract';
import { format } from '../../src/shared/i18n/messages';
import { moneyMessages } from '../../src/shared/i18n/money-messages';
import { baseUrl, expect, test } from './support/fixtures';
import { DEMO_PASSWORD, login, logout, saveScreen } from './support/screens';

test.use({ baseURL: baseUrl() });

/**
 * The money input (docs/money.md#reading-amounts): an agent types amounts the way Turks write them and
 * sees, before saving, what the CRM reads ('1.000' is one thousand); what is saved is what was shown.
 */

/** The demo seed gives sales@demo.crm's second customer the REAL account 7000003 (transaction-data.ts). */
const SALES_CUSTOMER_LOGIN = '7000003';
const TRY = '6';

async function api<T>(path: string, body: Record<string, unknown>, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: encodeForm(body),
  });
  return (await response.json()) as T;
}

/** The customer behind the demo login, found the way a user would: the transaction search. */
async function salesCustomerId(): Promise<number> {
  const { token } = await api<{ token: string }>('/auth/login', {
    email: 'sales@demo.crm',
    password: DEMO_PASSWORD,
  });
  const { results } = await api<{ results: { customer_id: number }[] }>(
    '/searchTrx',
    { keyword: SALES_CUSTOMER_LOGIN },
    token,
  );
  const id = results[0]?.customer_id;
  if (id === undefined) throw new Error('demo customer with login 7000003 not found');
  return id;
}

/** The id of the newest row of the table on screen (lists are newest first). */
async function newestId(page: Page): Promise<number> {
  const testId = await page
    .getByTestId('trx-table')
    .locator('tbody tr[data-testid^="trx-row-"]')
    .first()
    .getAttribute('data-testid');
  return Number(testId?.replace('trx-row-', ''));
}

/** Types an amount in TRY, checks what the form reads before saving, saves, and checks the new row. */
async function depositShownAndSaved(page: Page, typed: string, shown: string): Promise<number> {
  await page.getByTestId('trx-form-currency').selectOption(TRY);
  await page.getByTestId('trx-form-amount').fill(typed);
  await expect(page.getByTestId('trx-form-amount-preview')).toHaveText(`= ${shown} TRY`);
  const before = await newestId(page);
  await page.getByTestId('trx-form-submit').click();
  await expect(page.getByTestId('trx-form-error')).toHaveCount(0);
  await expect.poll(() => newestId(page)).not.toBe(before);
  const id = await newestId(page);
  await expect(page.getByTestId(`trx-row-${id}`)).toContainText(`${shown} TRY`);
  return id;
}

test('a sales agent types 1.000 and 1.234,56 and sees 1.000,00 and 1.234,56 before and after saving', async ({
  page,
}, testInfo) => {
  const customerId = await salesCustomerId();
  await login(page, 'sales@demo.crm');
  await page.goto(`/#/leadDetail/${customerId}`);
  await page.getByTestId('tab-para-islemleri').click();
  await expect(page.getByTestId('trx-create-form')).toBeVisible();
  await page.getByTestId('trx-form-type').selectOption('YATIRIM');
  await page.getByTestId('trx-form-gateway').selectOption('1');

  // An amount two readers could take differently is refused under the input, and nothing is saved.
  await page.getByTestId('trx-form-currency').selectOption(TRY);
  await page.getByTestId('trx-form-amount').fill('1,000');
  await expect(page.getByTestId('trx-form-amount-error')).toHaveText(
    format(moneyMessages.ambiguous, { field: moneyMessages.amountLabel }),
  );
  await saveScreen(page, testInfo, 'money-input-refused');
  const before = await newestId(page);
  await page.getByTestId('trx-form-submit').click();
  await expect(page.getByTestId('trx-form-error')).toHaveText(
    format(moneyMessages.ambiguous, { field: moneyMessages.amountLabel }),
  );
  expect(await newestId(page)).toBe(before);

  // One thousand, as a Turk writes it; then lira and kuruş.
  await page.getByTestId('trx-form-amount').fill('1.000');
  await expect(page.getByTestId('trx-form-amount-preview')).toHaveText('= 1.000,00 TRY');
  await saveScreen(page, testInfo, 'money-input-preview');
  const thousand = await depositShownAndSaved(page, '1.000', '1.000,00');
  const exact = await depositShownAndSaved(page, '1.234,56', '1.234,56');
  expect(exact).toBeGreaterThan(thousand);
  // After saving the form is empty again, and the list shows both amounts as they were read.
  await expect(page.getByTestId('trx-form-amount')).toHaveValue('');
  await expect(page.getByTestId(`trx-row-${thousand}`)).toContainText('1.000,00 TRY');
  await saveScreen(page, testInfo, 'money-input-saved');
  await logout(page);

  // Finance's bank amount starts as the instruction's, written the Turkish way, and reads English too.
  await login(page, 'finance@demo.crm');
  await page.goto('/#/transactions');
  await page.getByTestId('trx-tab-all').click();
  await page.getByTestId(`trx-open-${exact}`).click();
  const details = page.getByTestId(`trx-details-${exact}`);
  await expect(details.getByTestId('trx-bank-amount')).toHaveValue('1.234,56');
  await details.getByTestId('trx-bank-amount').fill('1,000.50');
  await expect(details.getByTestId('trx-bank-amount-preview')).toHaveText('= 1.000,50 TRY');
  await details.getByTestId('trx-bank-amount').fill('1e3');
  await expect(details.getByTestId('trx-bank-amount-error')).toHaveText(
    format(moneyMessages.malformed, { field: moneyMessages.bankAmountLabel }),
  );
  await expect(details.getByTestId('trx-finance-approve')).toBeDisabled();
  await saveScreen(page, testInfo, 'money-input-finance');
  await logout(page);

  // Risk's platform deposit reads the same way, in the platform currency; nothing is sent here.
  await login(page, 'risk@demo.crm');
  await page.goto(`/#/leadDetail/${customerId}#platformlar`);
  await page.getByTestId(`platform-open-${SALES_CUSTOMER_LOGIN}`).click();
  await page.getByTestId('platform-deposit').click();
  await page.locator('.bp6-dialog-container.bp6-overlay-enter-done').waitFor();
  await page.getByTestId('platform-amount').fill('1.000');
  await expect(page.getByTestId('platform-amount-preview')).toHaveText('= 1.000,00 USD');
  await saveScreen(page, testInfo, 'money-input-platform');
  await page.getByTestId('platform-money-cancel').click();
  await logout(page);

  // The manager's edit modal starts from the stored amount written the Turkish way, and saves what it shows.
  await login(page, 'admin@demo.crm');
  await page.goto('/#/transactions');
  await page.getByTestId('trx-tab-all').click();
  await page.getByTestId(`trx-open-${exact}`).click();
  await page.getByTestId(`trx-edit-${exact}`).click();
  await page.locator('.bp6-dialog-container.bp6-overlay-enter-done').waitFor();
  await expect(page.getByTestId('trx-edit-amount')).toHaveValue('1.234,56');
  await expect(page.getByTestId('trx-edit-amount-preview')).toHaveText('= 1.234,56 TRY');
  await page.getByTestId('trx-edit-amount').fill('2.500');
  await expect(page.getByTestId('trx-edit-amount-preview')).toHaveText('= 2.500,00 TRY');
  await saveScreen(page, testInfo, 'money-input-edit');
  await page.getByTestId('trx-edit-save').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId(`trx-row-${exact}`)).toContainText('2.500,00 TRY');
});
