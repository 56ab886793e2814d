import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { bridgeOf, expect, lastSavedFile } from './fixtures';

/**
 * Clicks an export button and reads the xlsx the bridge saved (the browser's download, or the file the
 * desktop's main process wrote) as rows, header first.
 */
export async function exportedSheet(page: Page, projectName: string, button: Locator): Promise<unknown[][]> {
  let path: string;
  if (bridgeOf(projectName) === 'web') {
    const download = page.waitForEvent('download');
    await button.click();
    path = (await (await download).path()) ?? '';
  } else {
    const before = lastSavedFile();
    await button.click();
    await expect.poll(() => lastSavedFile() !== before && lastSavedFile() !== undefined).toBe(true);
    path = lastSavedFile() ?? '';
    // the main process writes to a .part file and renames it when complete
    await expect
      .poll(() => {
        try {
          return readFileSync(path).length > 0;
        } catch {
          return false;
        }
      })
      .toBe(true);
  }
  const book = XLSX.read(readFileSync(path));
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet) throw new Error('export has no sheet');
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
}
