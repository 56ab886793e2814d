import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface PackageJson {
  engines: { node: string };
  devDependencies: Record<string, string>;
}

const pkg = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
) as PackageJson;

/** [major, minor] of a version such as '22.12' or 'v22.23.3'. */
function majorMinor(version: string): [number, number] {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  return [major, minor];
}

describe('the Node the tests run on', () => {
  it('is the one package.json declares (the node devDependency puts it first on the scripts PATH)', () => {
    const declared = /^>=\s*(\d+\.\d+)/.exec(pkg.engines.node)?.[1];
    expect(declared, 'engines.node is a ">=major.minor" range').toBeDefined();
    const [wantMajor, wantMinor] = majorMinor(declared ?? '');
    const [major, minor] = majorMinor(process.version);
    expect(major > wantMajor || (major === wantMajor && minor >= wantMinor), process.version).toBe(true);
    expect(pkg.devDependencies.node).toMatch(new RegExp(`^\\^${wantMajor}\\.`));
  });
});
