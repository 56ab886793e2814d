import { baseUrl, expect, test } from './support/fixtures';
import { login, saveScreen } from './support/screens';

test.use({ baseURL: baseUrl() });

test('a sales manager builds a task template, applies it to a lead and ticks a task off', async ({
  page,
}, testInfo) => {
  const tag = testInfo.project.name === 'desktop' ? 'Masaüstü' : 'Web';
  const templateName = `Yeni müşteri açılışı ${tag}`;
  await login(page, 'sales_manager@demo.crm');
  await page.getByTestId('menu-tasks').click();
  await expect(page).toHaveURL(/#\/tasks/);
  await expect(page.getByTestId('tasks-page')).toBeVisible();

  // A template: one task per line, '-' for a subtask; the box grows 50 px per line from 100 px.
  await page.getByTestId('work-template-new').click();
  await page.getByTestId('work-template-name').fill(templateName);
  const box = page.getByTestId('work-template-tasks');
  await box.fill(`Hoş geldin araması ${tag}\n- Kimlik fotoğrafını iste\nSözleşmeyi gönder ${tag}`);
  await expect(box).toHaveCSS('height', '250px');
  await page.getByTestId('work-template-save').click();
  await expect(page.getByText('Görev şablonu kaydedildi').first()).toBeVisible();

  // Apply it to the first lead of the list.
  const template = page.locator('[data-testid^="work-template-"]').filter({ hasText: templateName }).first();
  await expect(template).toBeVisible();
  const templateId = Number((await template.getAttribute('data-testid'))?.replace('work-template-', ''));
  const leadId = testInfo.project.name === 'desktop' ? 2 : 1;
  await page.getByTestId(`work-template-lead-${templateId}`).fill(String(leadId));
  await page.getByTestId(`work-template-apply-${templateId}`).click();
  await expect(page.getByText('Şablondaki görevler eklendi').first()).toBeVisible();

  // Its tasks are open tasks of the manager, with the lead as #LEAD{id}.
  const list = page.getByTestId('work-task-list-gorevler');
  const welcome = list
    .locator('[data-testid^="work-task-"]')
    .filter({ hasText: `Hoş geldin araması ${tag}` })
    .first();
  await expect(welcome).toBeVisible();
  await expect(welcome).toContainText(`#LEAD${leadId}`);
  await expect(list).toContainText(`Sözleşmeyi gönder ${tag}`);
  const taskId = Number((await welcome.getAttribute('data-testid'))?.replace('work-task-', ''));
  await page.getByTestId(`work-task-subtasks-${taskId}`).click();
  await expect(welcome).toContainText('Kimlik fotoğrafını iste');
  await saveScreen(page, testInfo, 'work-tasks');

  // Ticking saves at once: the task moves to TAMAMLANMIŞ GÖREVLER, the tab is kept in the hash.
  await page.getByTestId(`work-task-check-${taskId}`).click();
  await expect(page.getByTestId(`work-task-${taskId}`)).toHaveCount(0);
  await page.getByRole('tab', { name: 'TAMAMLANMIŞ GÖREVLER' }).click();
  await expect(page).toHaveURL(/#\/tasks#tamamlanmis-gorevler$/);
  await expect(page.getByTestId(`work-task-${taskId}`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'TAMAMLANMIŞ GÖREVLER' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByTestId(`work-task-${taskId}`)).toBeVisible();

  // The lead link opens the lead, whose tasks tab lists the template's tasks.
  await page.getByTestId(`work-task-lead-${taskId}`).click();
  await expect(page).toHaveURL(new RegExp(`#/leadDetail/${leadId}`));
});
