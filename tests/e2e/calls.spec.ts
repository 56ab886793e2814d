import { baseUrl, expect, test } from './support/fixtures';
import { login } from './support/screens';
import { workflowMessages } from '../../src/shared/i18n/workflow-messages';

test.use({ baseURL: baseUrl() });

// The e2e server has no PBX (no AMI_HOST): calls are logged, and the call history shows them so.
test('a quick call from the lead header is answered in Turkish and listed under Aramalar in Geçmiş', async ({
  page,
}) => {
  await login(page, 'sales@demo.crm');
  await page.goto('/#/leadDetail/1');
  // The lead's first visit loads its screen's script; a busy machine needs more than the default wait.
  await expect(page.getByTestId('lead-header')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('quick-call').click();
  await expect(page.getByTestId('call-line-80')).toContainText('İzmir hattı');
  await page.getByTestId('call-line-80').click();
  // Nothing was dialled: a warning that says so, never a green success (docs/user-guide.md#calls).
  await expect(page.getByText(workflowMessages.callNoPbx).first()).toBeVisible();

  await page.getByTestId('tab-gecmis').click();
  const history = page.getByTestId('call-history');
  await expect(history).toContainText('Aramalar', { timeout: 15_000 });
  const latest = history.getByTestId('call-entry').first();
  await expect(latest).toContainText('İzmir hattı');
  await expect(latest.getByTestId('call-state')).toHaveText('Kaydedildi (santral yok)');
  // The changes of the lead still follow below the calls.
  await expect(
    page.getByTestId('journal-list').or(page.getByText('Bu kayıtta henüz değişiklik yapılmadı')),
  ).toBeVisible();
});
