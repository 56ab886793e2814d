import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, TestInfo } from '@playwright/test';

/**
 * A test run writes its screenshots into the ignored results folder, so `npm test` leaves the work tree
 * clean; `npm run screenshots` points E2E_SCREENSHOT_DIR at tests/e2e/screenshots, the images the docs show.
 */
export const screenshotDir = process.env.E2E_SCREENSHOT_DIR
  ? resolve(process.env.E2E_SCREENSHOT_DIR)
  : fileURLToPath(new URL('../results/screenshots', import.meta.url));

/** Saves a named screenshot (per bridge) for people to look at. */
export async function saveScreen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: `${screenshotDir}/${testInfo.project.name}-${name}.png` });
}

export const DEMO_PASSWORD = 'Demo.2026';

export async function login(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  // the shell, the error or the first-password screen must be on screen before the test navigates on
  await page
    .getByTestId('logout-link')
    .or(page.getByTestId('login-error'))
    .or(page.getByTestId('forced-password-change'))
    .first()
    .waitFor();
}

/** Logs out and waits for the login form: the desktop bridge ends the session in its main process. */
export async function logout(page: Page): Promise<void> {
  await page.getByTestId('logout-link').click();
  await page.getByTestId('login-email').waitFor();
}
