import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Every link in README.md and docs/*.md leads somewhere: a file of the repository that exists and, for a
 * `#fragment`, a heading (or an HTML id) of the file it names, with GitHub's anchor rules. Links to other
 * sites are not fetched (the tests run offline). New docs files are picked up by themselves.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Docs other branches are writing, linked from here before they land. While one is missing its links
 * are reported, not failed; once it exists its links and anchors are checked like any other.
 */
const ARRIVING_FROM_OTHER_BRANCHES = new Set<string>();

function markdownFiles(): string[] {
  const docs = join(root, 'docs');
  const inDocs = existsSync(docs)
    ? readdirSync(docs)
        .filter((name) => name.endsWith('.md'))
        .map((name) => join(docs, name))
    : [];
  return [join(root, 'README.md'), ...inDocs];
}

/** The text outside fenced code blocks (``` or ~~~), line numbers kept. */
function outsideFences(text: string): string[] {
  let fence: string | null = null;
  return text.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      return '';
    }
    return fence === null ? line : '';
  });
}

/** GitHub's anchor of a heading: the rendered text, lower case, punctuation dropped, spaces as dashes. */
function githubSlug(heading: string): string {
  const rendered = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '');
  return rendered
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of outsideFences(readFileSync(file, 'utf8'))) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const slug = githubSlug(heading);
      const count = seen.get(slug) ?? 0;
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
      seen.set(slug, count + 1);
    }
    for (const match of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(match[1] ?? '');
  }
  return anchors;
}

interface Link {
  file: string;
  line: number;
  target: string;
}

function linksOf(file: string): Link[] {
  const links: Link[] = [];
  outsideFences(readFileSync(file, 'utf8')).forEach((text, index) => {
    const withoutCode = text.replace(/`[^`]*`/g, '');
    for (const match of withoutCode.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ file, line: index + 1, target: match[1] ?? '' });
    }
  });
  return links;
}

const isExternal = (target: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** What is wrong with a link, or null when it resolves. */
function problemOf(link: Link, pending: string[]): string | null {
  if (isExternal(link.target)) return null;
  const [path = '', fragment] = link.target.split('#', 2);
  const target = path === '' ? link.file : resolve(dirname(link.file), decodeURIComponent(path));
  const name = relative(root, target).replaceAll('\\', '/');
  if (name.startsWith('..')) return `${link.target} leaves the repository`;
  if (!existsSync(target)) {
    if (ARRIVING_FROM_OTHER_BRANCHES.has(name)) {
      pending.push(`${relative(root, link.file)}:${link.line} -> ${link.target}`);
      return null;
    }
    return `${link.target}: no such file`;
  }
  if (fragment === undefined || fragment === '') return null;
  if (statSync(target).isDirectory() || !target.endsWith('.md'))
    return `${link.target}: an anchor on a non-Markdown target`;
  return anchorsOf(target).has(decodeURIComponent(fragment))
    ? null
    : `${link.target}: no heading #${fragment} in ${name}`;
}

describe('links in README.md and docs/', () => {
  const files = markdownFiles();

  it('finds the documents and their links', () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
    expect(files.flatMap(linksOf).length).toBeGreaterThan(100);
  });

  it.each(files.map((file) => [relative(root, file)]))('every link and anchor in %s resolves', (name) => {
    const pending: string[] = [];
    const problems = linksOf(join(root, name))
      .map((link) => {
        const problem = problemOf(link, pending);
        return problem === null ? null : `${name}:${link.line}: ${problem}`;
      })
      .filter((problem): problem is string => problem !== null);
    if (pending.length > 0) console.warn(`Links to docs not merged yet:\n  ${pending.join('\n  ')}`);
    expect(problems).toEqual([]);
  });
});

describe('githubSlug', () => {
  it('makes the anchors GitHub makes', () => {
    expect(githubSlug('Tasks, call periods, rules, offers and surveys')).toBe(
      'tasks-call-periods-rules-offers-and-surveys',
    );
    expect(githubSlug("The API's spellings")).toBe('the-apis-spellings');
    expect(githubSlug('Load: 500 agents')).toBe('load-500-agents');
    expect(githubSlug('`BENCH_ONLY` and **knobs**')).toBe('bench_only-and-knobs');
  });

  it('reports a missing file and a missing heading', () => {
    const file = join(root, 'README.md');
    expect(problemOf({ file, line: 1, target: 'docs/no-such-file.md' }, [])).toContain('no such file');
    expect(problemOf({ file, line: 1, target: 'docs/user-guide.md#no-such-heading' }, [])).toContain(
      'no heading #no-such-heading',
    );
    expect(problemOf({ file, line: 1, target: 'docs/user-guide.md#working-with-lists' }, [])).toBeNull();
    expect(problemOf({ file, line: 1, target: 'https://example.com/x' }, [])).toBeNull();
  });
});
