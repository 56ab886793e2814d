import { encodeForm } from '../../src/shared/contract';
import { formatDecimalTr } from '../../src/shared/domain/decimal';
import { baseUrl, expect, test } from './support/fixtures';
import { DEMO_PASSWORD, login, logout, saveScreen } from './support/screens';

test.use({ baseURL: baseUrl() });

/** The demo seed gives sales@demo.crm's second customer the REAL account 7000003 (transaction-data.ts). */
const ACCOUNT_LOGIN = '7000003';

async function api<T>(path: string, body: Record<string, unknown>, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: encodeForm(body),
  });
  const answer = (await response.json()) as T;
  expect(response.ok, JSON.stringify(answer)).toBe(true);
  return answer;
}

async function token(email: string): Promise<string> {
  return (await api<{ token: string }>('/auth/login', { email, password: DEMO_PASSWORD })).token;
}

/** Exact decimal text plus exact decimal text, without floats: '12.30' + '1250.4' -> '1262.70'. */
function plus(a: string, b: string): string {
  const cents = (text: string) => {
    const [whole = '0', fraction = ''] = text.split('.');
    return BigInt(`${whole}${fraction.padEnd(2, '0').slice(0, 2)}`);
  };
  const total = (cents(a) + cents(b)).toString().padStart(3, '0');
  return `${total.slice(0, -2)}.${total.slice(-2)}`;
}

test('risk funds the account from a completed deposit in one step and sees the operation done', async ({
  page,
}, testInfo) => {
  test.slow();
  // A deposit of the sales agent's customer, approved by finance and by risk with the platform amount.
  const sales = await token('sales@demo.crm');
  const finance = await token('finance@demo.crm');
  const risk = await token('risk@demo.crm');
  const { results } = await api<{ results: { customer_id: number }[] }>(
    '/searchTrx',
    { keyword: ACCOUNT_LOGIN },
    sales,
  );
  const customerId = results[0]?.customer_id;
  if (customerId === undefined) throw new Error('demo customer with login 7000003 not found');
  const { id } = await api<{ id: number }>(
    '/inline/save/',
    {
      table: 'transactions',
      type: 'insert',
      inputs: {
        customer_id: customerId,
        type: 'YATIRIM',
        gateway_id: 1,
        amount: '42000',
        login: ACCOUNT_LOGIN,
      },
    },
    sales,
  );
  await api(`/transaction/depositOk/${id}`, { amount_bank: '42000', bank_currency_id: 6 }, finance);
  await api(`/transaction/riskOk/${id}`, { amount_platform: '1250.40', platform_currency_id: 1 }, risk);
  const before = (
    await api<{ result: { Balance: string } }>(
      '/mt5/getPlatformInfo',
      { login: ACCOUNT_LOGIN, type: 'Real' },
      risk,
    )
  ).result.Balance;

  // Risk finds the completed deposit, not yet funded, and funds it with the amount shown.
  await login(page, 'risk@demo.crm');
  await page.goto('/#/transactions?tab=all');
  await expect(page.getByTestId('trx-table')).toBeVisible();
  await page.getByTestId(`trx-open-${id}`).click();
  const details = page.getByTestId(`trx-details-${id}`);
  await expect(details.getByTestId('trx-funding-state')).toContainText('henüz hesaba aktarılmadı');
  await details.getByTestId(`trx-fund-${id}`).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('trx-fund-login')).toHaveText(ACCOUNT_LOGIN);
  await expect(dialog.getByTestId('trx-fund-amount')).toHaveText(/^1\.250,40 \S+$/);
  await saveScreen(page, testInfo, 'funding-dialog');
  await dialog.getByTestId('trx-fund-confirm').click();
  await expect(dialog).toHaveCount(0);
  // The operation reaches the platform: Tamamlandı with the platform's ticket, and no second funding.
  const state = details.getByTestId('trx-funding-state');
  await expect(state.locator('[data-state]')).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
  await expect(state).toContainText('Tamamlandı');
  await expect(state).toContainText(/Ticket \d+/);
  await expect(details.getByTestId(`trx-fund-${id}`)).toHaveCount(0);
  await saveScreen(page, testInfo, 'funding-done');

  // The account's own view lists the operation, done, and its balance has the money.
  await page.goto(`/#/leadDetail/${customerId}#platformlar`);
  await page.getByTestId(`platform-open-${ACCOUNT_LOGIN}`).click();
  await page.getByTestId('platform-view-operations').click();
  const newest = page.getByTestId('platform-operations').locator('tbody tr').first();
  await expect(newest).toContainText('1.250,40');
  await expect(newest).toContainText('Tamamlandı');
  await expect(newest).toContainText(`#${id}`);
  await saveScreen(page, testInfo, 'platform-operations');
  await page.getByTestId('platform-view-info').click();
  const after = plus(before, '1250.40');
  await expect(page.getByTestId('platform-info-balance')).toHaveText(formatDecimalTr(after) ?? after);
  await logout(page);
});
