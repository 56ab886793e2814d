import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rewriteDocReferences, UNFOLLOWABLE_REFERENCE } from './lib/doc-references';
import { sourceFilesForReferences } from './lib/doc-reference-files';

// `npx tsx scripts/rewrite-doc-references.ts`: points every comment that names a specification section or
// an issue at its docs/ section instead (see docs/development.md#comments), then lists what is left for a
// person to word.
const root = fileURLToPath(new URL('..', import.meta.url));
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n');
let changed = 0;
const left: string[] = [];
for (const file of sourceFilesForReferences(tracked)) {
  const path = `${root}/${file}`;
  const text = readFileSync(path, 'utf8');
  const rewritten = rewriteDocReferences(text);
  if (rewritten !== text) {
    writeFileSync(path, rewritten);
    changed += 1;
  }
  rewritten.split('\n').forEach((line, index) => {
    if (UNFOLLOWABLE_REFERENCE.test(line)) left.push(`${file}:${index + 1}: ${line.trim()}`);
  });
}
process.stdout.write(`${changed} files rewritten\n`);
if (left.length > 0) process.stdout.write(`Still to word by hand:\n${left.join('\n')}\n`);
process.exit(left.length > 0 ? 1 : 0);
