import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasDisplay } from '../../../scripts/lib/display';
import { findElectronBinary } from '../../../scripts/lib/electron-binary';

let root: string;
const electronDir = (): string => join(root, 'node_modules', 'electron');

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'crm-electron-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('findElectronBinary', () => {
  it('is missing when the package was installed with ELECTRON_SKIP_BINARY_DOWNLOAD (no path.txt)', () => {
    mkdirSync(electronDir(), { recursive: true });
    writeFileSync(join(electronDir(), 'index.js'), '');
    expect(findElectronBinary(root, {})).toEqual({ found: false, looked: join(electronDir(), 'path.txt') });
  });

  it('is missing when path.txt names a binary that is not in dist', () => {
    mkdirSync(electronDir(), { recursive: true });
    writeFileSync(join(electronDir(), 'path.txt'), 'electron');
    expect(findElectronBinary(root, {})).toEqual({
      found: false,
      looked: join(electronDir(), 'dist', 'electron'),
    });
  });

  it('is found where path.txt points into dist', () => {
    mkdirSync(join(electronDir(), 'dist'), { recursive: true });
    writeFileSync(join(electronDir(), 'path.txt'), 'electron\n');
    writeFileSync(join(electronDir(), 'dist', 'electron'), '');
    expect(findElectronBinary(root, {})).toEqual({
      found: true,
      path: join(electronDir(), 'dist', 'electron'),
    });
  });

  it('follows ELECTRON_OVERRIDE_DIST_PATH as electron itself does', () => {
    const dist = join(root, 'own-electron');
    mkdirSync(dist);
    writeFileSync(join(dist, 'electron'), '');
    expect(findElectronBinary(root, { ELECTRON_OVERRIDE_DIST_PATH: dist })).toEqual({
      found: true,
      path: join(dist, 'electron'),
    });
  });
});

describe('hasDisplay', () => {
  it('needs DISPLAY or WAYLAND_DISPLAY on Linux only', () => {
    expect(hasDisplay('linux', {})).toBe(false);
    expect(hasDisplay('linux', { DISPLAY: ':0' })).toBe(true);
    expect(hasDisplay('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toBe(true);
    expect(hasDisplay('darwin', {})).toBe(true);
    expect(hasDisplay('win32', {})).toBe(true);
  });
});
