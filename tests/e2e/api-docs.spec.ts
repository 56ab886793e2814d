import { baseUrl, expect, test } from './support/fixtures';
import { saveScreen } from './support/screens';

test.use({ baseURL: baseUrl() });

/**
 * The API reference page (docs/operations.md#api-reference): Swagger UI over /api/openapi.json, every
 * file from this server, under its own content security policy. A policy that blocked a script or a
 * style would show as a console error, which fails the test.
 */
test('the API reference page shows the contract’s calls and who may make them, from this server alone', async ({
  page,
}, testInfo) => {
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseUrl())) elsewhere.push(request.url());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Aracı Kurum CRM API/ })).toBeVisible();

  await page.locator('#operations-tag-transactions').click();
  const depositOk = page.locator('.opblock-summary-path', { hasText: '/transaction/depositOk/{id}' });
  await depositOk.click();
  await expect(page.getByText('Who may call it: Only the departments finance (Finans)')).toBeVisible();
  // The request body's media type: the contract's form encoding.
  await expect(
    page.locator('select:has(option[value="application/x-www-form-urlencoded"])').first(),
  ).toBeVisible();

  await page.locator('#operations-tag-auth').click();
  await page.locator('.opblock-summary-path', { hasText: '/auth/login' }).click();
  await expect(page.getByText('Who may call it: Anyone, without a session.')).toBeVisible();
  await saveScreen(page, testInfo, 'api-docs');
  expect(elsewhere).toEqual([]);
});
