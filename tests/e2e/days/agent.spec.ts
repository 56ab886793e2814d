import type { Page } from '@playwright/test';
import { baseUrl, expect, test } from '../support/fixtures';
import { login, saveScreen } from '../support/screens';

test.use({ baseURL: baseUrl() });

/** 'DD.MM.YYYY HH:mm' a day ahead, as a person types it into the Turkish picker (the browser's zone). */
async function tomorrowTyped(page: Page): Promise<string> {
  return page.evaluate(() => {
    const d = new Date(Date.now() + 24 * 3600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
  });
}

/**
 * A sales agent's day on one lead (docs/user-guide.md#zaman-akisi): found by Ctrl+K, called, noted with a
 * reminder typed the Turkish way, moved to another status, and the timeline tells all three in order.
 */
test('agent: Ctrl+K opens the one match, a call, a note with a Turkish reminder, a status, the timeline', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await login(page, 'sales@demo.crm');

  // Ctrl+K, a name with exactly one match, Enter: that lead opens (not a filtered list).
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('search-input')).toBeFocused();
  await page.keyboard.type('Işık Yılmaz');
  await expect(page.getByTestId('search-result')).toHaveCount(1, { timeout: 20_000 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/leadDetail\/1(#|$)/);
  await expect(page.getByTestId('lead-header')).toBeVisible({ timeout: 30_000 });

  // The timeline is the first tab.
  await expect(page.locator('[data-testid^="tab-"]').first()).toHaveAttribute(
    'data-testid',
    'tab-zaman-akisi',
  );

  // A call (the e2e server has no PBX: it is logged).
  await page.getByTestId('quick-call').click();
  await page.locator('[data-testid^="call-line-"], [data-testid="call-plain"]').first().click();

  // A note with a reminder typed as 31.12.2025 14:05 reads.
  const marker = `Gün sonu ${testInfo.project.name} ${Date.now() % 100_000}`;
  await page.getByTestId('note-body').fill(`${marker}: teklif yarın konuşulacak`);
  await page.getByTestId('note-remind').check();
  await page.getByTestId('note-offset').selectOption('custom');
  const typed = await tomorrowTyped(page);
  await page.getByTestId('note-custom-start').fill(typed);
  await page.getByTestId('note-custom-start').press('Escape');
  await expect(page.getByTestId('note-custom-start')).toHaveValue(typed);
  await page.getByTestId('note-submit').click();
  await expect(page.getByText('Not başarıyla kaydedildi').first()).toBeVisible();

  // A status change on the personal tab: another status than the current one.
  await page.getByTestId('tab-kisisel-bilgiler').click();
  const status = page.getByTestId('personal-field-status_id');
  const current = (await status.textContent()) ?? '';
  await status.click();
  const options = page.locator('[data-testid^="personal-field-status_id-option-"]');
  await expect(options.first()).toBeVisible();
  const other = options.filter({ hasNotText: current.trim() === '' ? '\u0000' : current.trim() }).first();
  await other.click();
  await page.getByTestId('personal-save').click();
  await expect(page.getByText('Güncelleme başarılı').first()).toBeVisible();

  // The timeline: newest first, the status change, the note (with its reminder as typed), the call.
  await page.getByTestId('tab-zaman-akisi').click();
  const entries = page.getByTestId('timeline-entry');
  await expect(entries.filter({ hasText: 'Durum değişti' }).first()).toBeVisible({ timeout: 20_000 });
  const note = entries.filter({ hasText: marker });
  await expect(note).toHaveCount(1);
  await expect(note).toContainText(`Hatırlatma: ${typed}`);
  await expect(page.locator('[data-testid="timeline-entry"][data-kind="call"]').first()).toBeVisible();
  // Newest first: the status change above the note, the note above the call.
  const order = await entries.evaluateAll((items) =>
    items.map((item) => `${item.getAttribute('data-kind') ?? ''}|${item.textContent ?? ''}`),
  );
  const statusAt = order.findIndex((line) => line.startsWith('change|') && line.includes('Durum değişti'));
  const noteAt = order.findIndex((line) => line.includes(marker));
  const callAt = order.findIndex((line) => line.startsWith('call|'));
  expect(statusAt).toBeGreaterThanOrEqual(0);
  expect(statusAt).toBeLessThan(noteAt);
  expect(noteAt).toBeLessThan(callAt);
  // Relative time, the absolute one in the tooltip: never ISO.
  const time = entries.first().getByTestId('timeline-time');
  await expect(time).toHaveText(/az önce|dakika önce/);
  await expect(time).toHaveAttribute('title', /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  await saveScreen(page, testInfo, 'days-agent-timeline');

  // Filtering by kind: notes only.
  for (const kind of ['call', 'change']) {
    const box = page.getByTestId(`timeline-kind-${kind}`);
    if (await box.count()) await box.click();
  }
  await expect(entries.first()).toHaveAttribute('data-kind', 'note');
});
