import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserOpenCommand, isOnPath } from '../../../scripts/lib/browser-opener';

const URL_ = 'http://127.0.0.1:8080';
const everything = (): boolean => true;
const nothing = (): boolean => false;

describe('browserOpenCommand', () => {
  it('uses xdg-open on Linux with a display', () => {
    expect(browserOpenCommand(URL_, 'linux', { DISPLAY: ':0' }, everything)).toEqual({
      command: 'xdg-open',
      args: [URL_],
    });
  });

  it('opens nothing on a Linux machine without a display or without xdg-open', () => {
    expect(browserOpenCommand(URL_, 'linux', {}, everything)).toBeNull();
    expect(browserOpenCommand(URL_, 'linux', { DISPLAY: ':0' }, nothing)).toBeNull();
  });

  it('uses open on macOS and the URL handler on Windows', () => {
    expect(browserOpenCommand(URL_, 'darwin', {}, everything)).toEqual({ command: 'open', args: [URL_] });
    expect(browserOpenCommand(URL_, 'win32', {}, everything)).toEqual({
      command: 'rundll32',
      args: ['url.dll,FileProtocolHandler', URL_],
    });
  });

  it('opens nothing with BROWSER=none', () => {
    expect(browserOpenCommand(URL_, 'darwin', { BROWSER: 'none' }, everything)).toBeNull();
    expect(browserOpenCommand(URL_, 'linux', { BROWSER: 'None', DISPLAY: ':0' }, everything)).toBeNull();
  });
});

describe('isOnPath', () => {
  it('finds a program in one of PATH folders only', () => {
    const folder = mkdtempSync(join(tmpdir(), 'crm-path-'));
    try {
      writeFileSync(join(folder, 'xdg-open'), '#!/bin/sh\n');
      chmodSync(join(folder, 'xdg-open'), 0o755);
      const env = { PATH: ['/nonexistent-folder', folder].join(delimiter) };
      expect(isOnPath('xdg-open', env, 'linux')).toBe(true);
      expect(isOnPath('open', env, 'linux')).toBe(false);
      expect(isOnPath('xdg-open', {}, 'linux')).toBe(false);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
