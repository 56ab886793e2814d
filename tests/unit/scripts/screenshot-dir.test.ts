import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Whether git ignores `path` (exit 0 of check-ignore), i.e. writing it leaves `git status` clean. */
function ignoredByGit(path: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '-q', path], { cwd: repoRoot, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('e2e screenshot folder', () => {
  it('is an ignored folder during a test run, so the work tree stays clean', async () => {
    vi.stubEnv('E2E_SCREENSHOT_DIR', '');
    const { screenshotDir } = await import('../../e2e/support/screens');
    expect(screenshotDir.startsWith(repoRoot)).toBe(true);
    expect(ignoredByGit(join(screenshotDir, 'web-login.png'))).toBe(true);
  });

  it("is README's tracked folder when npm run screenshots asks for it", async () => {
    const readmeImages = join(repoRoot, 'tests/e2e/screenshots');
    vi.stubEnv('E2E_SCREENSHOT_DIR', readmeImages);
    const { screenshotDir } = await import('../../e2e/support/screens');
    expect(screenshotDir).toBe(readmeImages);
    expect(ignoredByGit(join(screenshotDir, 'web-login.png'))).toBe(false);
  });
});
