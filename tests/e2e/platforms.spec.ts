import type { APIRequestContext } from '@playwright/test';
import { formatDecimalTr } from '../../src/shared/domain/decimal';
import { baseUrl, expect, test } from './support/fixtures';
import { DEMO_PASSWORD, login, logout, saveScreen } from './support/screens';

test.use({ baseURL: baseUrl() });

interface DemoAccount {
  customerId: number;
  login: string;
}

async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post(`${baseUrl()}/api/auth/login`, {
    form: { email, password: DEMO_PASSWORD },
  });
  const body = (await answer.json()) as { token: string };
  return body.token;
}

async function api<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const answer = await request.post(`${baseUrl()}/api${path}`, {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as T;
}

/** A Real demo account of a customer of the sales agent's team (the seed gives every team some). */
async function salesTeamAccount(request: APIRequestContext): Promise<DemoAccount> {
  const token = await apiToken(request, 'sales@demo.crm');
  const { results } = await api<{ results: Record<string, unknown>[] }>(
    request,
    token,
    '/table/lead_platforms',
    {
      page: 1,
      limit: 1,
      sort: { name: 'id', type: 'asc' },
      // The ledger's demo accounts (5000001 and up); the transactions' demo customers have empty ones.
      filters: [
        { name: 'type', type: 1, value: 'Real' },
        { name: 'login', type: 8, value: '50' },
      ],
    },
  );
  const row = results[0];
  if (!row) throw new Error('the demo data has no platform account in the sales team');
  return { customerId: Number(row.customer_id), login: String(row.login) };
}

/** Exact decimal text plus cents, without floats: '12345.67' + 30 -> '12345.97'. */
function plusCents(text: string, cents: bigint): string {
  const [whole = '0', fraction = ''] = text.split('.');
  const negative = whole.startsWith('-');
  const total =
    BigInt(`${whole.replace('-', '')}${fraction.padEnd(2, '0').slice(0, 2)}`) * (negative ? -1n : 1n) + cents;
  const abs = total < 0n ? -total : total;
  const digits = abs.toString().padStart(3, '0');
  return `${total < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

test('risk sees the ledger’s positions and a deposit of 0,1 + 0,2 changes the balance exactly', async ({
  page,
  request,
  allowConsoleMessage,
}, testInfo) => {
  // the refused withdrawal below answers 400; Chromium logs the refused request
  allowConsoleMessage(
    /^console\.error: Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(http:\/\/[^ ]+\/api\/mt5\/createWithdrawal:0\)$/,
  );
  const account = await salesTeamAccount(request);
  const riskToken = await apiToken(request, 'risk@demo.crm');
  const body = { login: account.login, type: 'Real' };
  const positions = await api<{ result: { Position: string; Symbol: string }[] }>(
    request,
    riskToken,
    '/mt5/getUserOpenPositions',
    body,
  );
  const before = (
    await api<{ result: { Balance: string } }>(request, riskToken, '/mt5/getPlatformInfo', body)
  ).result.Balance;

  await login(page, 'risk@demo.crm');
  await page.goto(`/#/leadDetail/${account.customerId}#platformlar`);
  await expect(page.getByTestId('platform-accounts')).toBeVisible();
  await expect(page.getByTestId('platform-account-row').first()).toBeVisible();
  await page.getByTestId(`platform-open-${account.login}`).click();
  await expect(page.getByTestId('platform-info-balance')).toHaveText(formatDecimalTr(before) ?? before);
  await expect(page.getByTestId('platform-info-group')).toHaveText('real\\crm-usd');

  // open positions: the ledger's rows, with the Turkish action labels and volumes /1000
  await page.getByTestId('platform-view-positions').click();
  await expect(page.getByTestId('platform-positions-row')).toHaveCount(positions.result.length);
  const first = positions.result[0];
  if (first) {
    await expect(page.getByTestId('platform-positions-row').first()).toContainText(first.Position);
    await expect(page.getByTestId('platform-positions-row').first()).toContainText(first.Symbol);
    await expect(page.getByTestId('platform-positions-row').first()).toContainText(/Alış|Satış/);
  }
  await saveScreen(page, testInfo, 'platform-positions');
  await page.getByTestId('platform-view-orders').click();
  await expect(page.getByTestId('platform-orders').or(page.getByText('Kayıt yok'))).toBeVisible();
  await page.getByTestId('platform-view-closed').click();
  await expect(page.getByTestId('platform-closed-row').first()).toBeVisible();

  // a typo is caught before it is sent
  await page.getByTestId('platform-deposit').click();
  await page.getByTestId('platform-amount').fill('on lira');
  await page.getByTestId('platform-money-submit').click();
  await expect(page.getByTestId('platform-amount-error')).toContainText('Tutar okunamadı');
  // 0,1 then 0.2: exactly 0,30 more. Each is recorded at once and shown among the account's
  // operations, where the job's sending turns it Tamamlandı.
  const newestOperation = page.getByTestId('platform-operations').locator('tbody tr').first();
  await page.getByTestId('platform-amount').fill('0,1');
  await expect(page.getByTestId('platform-leverage')).toHaveValue('100');
  await page.getByTestId('platform-money-submit').click();
  await expect(page.getByText('Başarılı').first()).toBeVisible();
  await expect(newestOperation).toContainText('0,10');
  await expect(newestOperation.locator('[data-state]')).toHaveAttribute('data-state', 'done');
  await page.getByTestId('platform-deposit').click();
  await page.getByTestId('platform-amount').fill('0.2');
  await page.getByTestId('platform-money-submit').click();
  await expect(page.getByTestId('platform-amount')).toHaveCount(0);
  await expect(newestOperation).toContainText('0,20');
  await expect(newestOperation.locator('[data-state]')).toHaveAttribute('data-state', 'done');
  await expect(newestOperation).toContainText('Tamamlandı');
  await saveScreen(page, testInfo, 'platform-operations-list');
  await page.getByTestId('platform-view-info').click();
  const after = plusCents(before, 30n);
  await expect(page.getByTestId('platform-info-balance')).toHaveText(formatDecimalTr(after) ?? after);
  await page.getByTestId('platform-view-deposits').click();
  await expect(page.getByTestId('platform-deposits-row').nth(0)).toContainText('0,20');
  await expect(page.getByTestId('platform-deposits-row').nth(1)).toContainText('0,10');
  await saveScreen(page, testInfo, 'platform-deposits');

  // a withdrawal the balance does not cover: Hata with the spec's text, the balance unchanged
  await page.getByTestId('platform-withdrawal').click();
  await page.getByTestId('platform-amount').fill('999.999.999');
  await page.getByTestId('platform-money-submit').click();
  await expect(
    page.getByText('Yükleme/Çekim yapılırken hata oluştu girdiğiniz bilgileri kontrol ediniz').first(),
  ).toBeVisible();
  await expect(page.getByText('Hata', { exact: true }).first()).toBeVisible();
  await saveScreen(page, testInfo, 'platform-withdrawal-refused');
  await page.getByTestId('platform-money-cancel').click();
  await page.getByTestId('platform-view-info').click();
  await expect(page.getByTestId('platform-info-balance')).toHaveText(formatDecimalTr(after) ?? after);
});

test('a sales agent sees the accounts and views, adds a platform, and has no deposit or withdrawal buttons', async ({
  page,
  request,
}, testInfo) => {
  const account = await salesTeamAccount(request);
  await login(page, 'sales@demo.crm');
  await page.goto(`/#/leadDetail/${account.customerId}#platformlar`);
  await expect(page.getByTestId('tab-platformlar')).toBeVisible();
  await page.getByTestId(`platform-open-${account.login}`).click();
  await expect(page.getByTestId('platform-info')).toBeVisible();
  await expect(page.getByTestId('platform-deposit')).toHaveCount(0);
  await expect(page.getByTestId('platform-withdrawal')).toHaveCount(0);

  // add platform: the login is required
  await page.getByTestId('platform-add-submit').click();
  await expect(page.getByTestId('platform-add-error')).toHaveText('Login zorunludur');
  const login2 = `58${testInfo.project.name === 'web' ? 1 : 2}${String(Date.now()).slice(-5)}`;
  const rows = await page.getByTestId('platform-account-row').count();
  await page.getByTestId('platform-login').fill(login2);
  await page.getByTestId('platform-type').selectOption('Demo');
  await page.getByTestId('platform-whitelabel').selectOption({ index: 1 });
  await page.getByTestId('platform-add-submit').click();
  await expect(page.getByText('Platform hesabı açıldı').first()).toBeVisible();
  await expect(page.getByTestId('platform-account-row')).toHaveCount(rows + 1);
  await page.getByTestId(`platform-open-${login2}`).click();
  await expect(page.getByTestId('platform-info-balance')).toHaveText('0,00');
  await saveScreen(page, testInfo, 'platform-sales');
  await logout(page);
});
