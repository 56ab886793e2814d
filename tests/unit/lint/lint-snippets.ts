import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { expect } from 'vitest';

// The project's real eslint.config.js, run on small snippets placed at virtual paths of the tree.
export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

export type Finding = { rule: string; message: string; severity: number };

/** Lints snippets with the real config and keeps the findings of `rules` only (other rules are not the point). */
export function snippetLinter(rules: readonly string[]): {
  warmUp: () => Promise<void>;
  findings: (file: string, code: string) => Promise<Finding[]>;
  expectRefused: (file: string, code: string, rule: string, mentions: string) => Promise<void>;
  expectAllowed: (file: string, code: string) => Promise<void>;
} {
  let eslint: ESLint | undefined;
  const linter = (): ESLint => (eslint ??= new ESLint({ cwd: repoRoot }));
  const findings = async (file: string, code: string): Promise<Finding[]> => {
    const [result] = await linter().lintText(code, { filePath: `${repoRoot}/${file}` });
    if (result === undefined) throw new Error(`no lint result for ${file}`);
    return result.messages
      .filter((message) => message.ruleId !== null && rules.includes(message.ruleId))
      .map((message) => ({
        rule: message.ruleId ?? '',
        message: message.message,
        severity: message.severity,
      }));
  };
  return {
    warmUp: async () => {
      await linter().lintText('export {};', { filePath: `${repoRoot}/src/shared/warm-up.ts` });
    },
    findings,
    expectRefused: async (file, code, rule, mentions) => {
      const found = await findings(file, code);
      expect(found, `${file}: ${code}`).toHaveLength(1);
      // Severity 2 is an error: `npm run lint` (eslint .) exits non-zero on it.
      expect(found[0]).toMatchObject({ rule, severity: 2 });
      expect(found[0]?.message).toContain(mentions);
    },
    expectAllowed: async (file, code) => {
      expect(await findings(file, code), `${file}: ${code}`).toEqual([]);
    },
  };
}
