import { baseUrl, expect, test } from './support/fixtures';
import { login, logout, saveScreen } from './support/screens';

test.use({ baseURL: baseUrl() });

test('a survey built in /quizbuilder is answered on a lead by an agent', async ({ page }, testInfo) => {
  const name = `Memnuniyet anketi ${testInfo.project.name === 'desktop' ? 'Masaüstü' : 'Web'}`;
  await login(page, 'sales_manager@demo.crm');
  await page.goto('/#/quizbuilder');
  await expect(page.getByTestId('quizbuilder-page')).toBeVisible();
  await page.getByTestId('quiz-new').click();
  await page.getByTestId('quiz-name').fill(name);
  await page.getByTestId('quiz-question-text-0').fill('Yatırım deneyiminiz var mı?');
  await page.getByTestId('quiz-question-type-0').selectOption('Evet/Hayır');
  await page.getByTestId('quiz-add-question').click();
  await page.getByTestId('quiz-question-text-1').fill('Hangi ürünle ilgileniyorsunuz?');
  await page.getByTestId('quiz-question-type-1').selectOption('Seçenek');
  await page.getByTestId('quiz-question-options-1').fill('Altın\nDöviz\nHisse');
  await page.getByTestId('quiz-add-question').click();
  await page.getByTestId('quiz-question-text-2').fill('Notunuz');
  await saveScreen(page, testInfo, 'work-quizbuilder');
  await page.getByTestId('quiz-save').click();
  await expect(page.getByText('Anket kaydedildi').first()).toBeVisible();
  await expect(page.locator('[data-testid^="quiz-survey-"]', { hasText: name })).toContainText('3 soru');
  await logout(page);

  // A retention agent (their leads have the Anketler tab) answers it on a lead.
  await login(page, 'retention@demo.crm');
  await page.getByTestId('menu-leads').click();
  const firstCell = page.locator('[data-testid="list-table"] .list-cell-name').first();
  await firstCell.click();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('lead-header')).toBeVisible();
  await page.getByTestId('tab-anketler').click();
  const row = page.getByTestId('survey-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await row.locator('[data-testid^="survey-answer-"]').click();
  const form = page.getByTestId('survey-form');
  await form.getByTestId('survey-question-0').getByText('evet', { exact: true }).click();
  await form.getByTestId('survey-question-1').getByText('Döviz', { exact: true }).click();
  await form.getByTestId('survey-question-2').fill('Haftaya tekrar aranacak');
  await form.getByTestId('survey-submit').click();
  await expect(page.getByText('Cevaplar kaydedildi').first()).toBeVisible();
  // The row now offers the answers (see docs/requirements.md#task-customer-and-money-states), which show what was given.
  await expect(
    page.getByTestId('survey-row').filter({ hasText: name }).locator('[data-testid^="survey-view-"]'),
  ).toBeVisible({
    timeout: 15_000,
  });
  await page
    .getByTestId('survey-row')
    .filter({ hasText: name })
    .locator('[data-testid^="survey-view-"]')
    .click();
  await expect(page.getByTestId('survey-answers')).toContainText('Döviz');
  await expect(page.getByTestId('survey-answers')).toContainText('Haftaya tekrar aranacak');
});
