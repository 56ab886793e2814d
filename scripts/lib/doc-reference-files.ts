/** The files whose comments must point at docs/: code, styles, configs and CI, not docs or binaries. */
const CHECKED = /\.(ts|tsx|js|mjs|cjs|css|html|yml|yaml|sh)$|^\.ci\//;
const FOLDERS = ['src/', 'tests/', 'scripts/', 'lint/', '.ci/'];
const ROOT_FILES = ['eslint.config.js', 'electron-builder.yml', 'electron.vite.config.ts'];
/** The rewriting code names the patterns it looks for. */
const OWN_FILES = new Set(['scripts/lib/doc-references.ts', 'tests/unit/doc-references.test.ts']);

export function sourceFilesForReferences(tracked: readonly string[]): string[] {
  return tracked.filter(
    (file) =>
      (FOLDERS.some((folder) => file.startsWith(folder)) || ROOT_FILES.includes(file)) &&
      CHECKED.test(file) &&
      !OWN_FILES.has(file),
  );
}
