import { describe, expect, it } from 'vitest';
import { LINUX_POLICY_PATH } from '../../../src/main/policy/linux-policy-file';
import { managedPreferencePaths } from '../../../src/main/policy/macos-managed-preferences';
import { mergePolicySources } from '../../../src/main/policy/policy';
import { readPolicy } from '../../../src/main/policy/read-policy';
import {
  parseRegQueryOutput,
  regExeReader,
  WINDOWS_POLICY_KEY,
  type RegistryHive,
  type RunProgram,
} from '../../../src/main/policy/windows-registry';

/** What reg.exe prints for a key IT filled through the ADMX template (CRLF line ends, 4-space columns). */
const REG_OUTPUT = [
  '',
  'HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\BrokerCRM\\CrmDesktop',
  '    UpdateMode    REG_SZ    manual',
  '    UpdateURL    REG_SZ    https://updates.firma.com.tr/crm',
  '    DisableEmbeddedServer    REG_DWORD    0x1',
  '    AllowedLinkHosts    REG_MULTI_SZ    www.spk.gov.tr\\0*.kap.org.tr',
  '    Blob    REG_BINARY    0A0B',
  '',
  'HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\BrokerCRM\\CrmDesktop\\Sub',
  '',
].join('\r\n');

describe('Windows registry (reg.exe query)', () => {
  it('parses strings, DWORDs and multi-strings and skips binary values and subkeys', () => {
    expect(parseRegQueryOutput(REG_OUTPUT)).toEqual({
      UpdateMode: 'manual',
      UpdateURL: 'https://updates.firma.com.tr/crm',
      DisableEmbeddedServer: 1,
      AllowedLinkHosts: ['www.spk.gov.tr', '*.kap.org.tr'],
    });
  });

  it('runs reg.exe from System32 with the hive and key, and reads a missing key as no policy', async () => {
    const calls: [string, readonly string[]][] = [];
    const run: RunProgram = async (file, args) => {
      calls.push([file, args]);
      if (args[1]?.startsWith('HKCU')) throw Object.assign(new Error('exit 1'), { code: 1 });
      return REG_OUTPUT;
    };
    const reader = regExeReader(run, 'D:\\Windows');
    expect(await reader('HKLM', WINDOWS_POLICY_KEY)).toMatchObject({ UpdateMode: 'manual' });
    expect(await reader('HKCU', WINDOWS_POLICY_KEY)).toBeNull();
    expect(calls[0]).toEqual([
      'D:\\Windows\\System32\\reg.exe',
      ['query', 'HKLM\\SOFTWARE\\Policies\\BrokerCRM\\CrmDesktop'],
    ]);
  });

  it('takes each key from HKLM first and falls back to HKCU key by key', async () => {
    const hives: Record<RegistryHive, Record<string, string | number> | null> = {
      HKLM: { UpdateMode: 'none', CrmAddress: 'https://crm.firma.com.tr' },
      HKCU: {
        UpdateMode: 'default',
        UpdateURL: 'https://kullanici.example/feed',
        CrmAddress: 'https://evil.example',
      },
    };
    const read = await readPolicy({
      platform: 'win32',
      registry: async (hive, key) => (key === WINDOWS_POLICY_KEY ? hives[hive] : null),
    });
    expect(read.policy).toEqual({
      updateMode: 'none',
      crmAddress: 'https://crm.firma.com.tr',
      updateUrl: 'https://kullanici.example/feed',
    });
    expect(read.sources).toEqual([`HKLM\\${WINDOWS_POLICY_KEY}`, `HKCU\\${WINDOWS_POLICY_KEY}`]);
  });

  it('reports a bad machine value and uses the user value instead', async () => {
    const read = await readPolicy({
      platform: 'win32',
      registry: async (hive) =>
        hive === 'HKLM' ? { UpdateMode: 'sometimes', DisableEmbeddedServer: 7 } : { UpdateMode: 'start' },
    });
    expect(read.policy).toEqual({ updateMode: 'start' });
    expect(read.warnings.map((warning) => warning.key)).toEqual(['UpdateMode', 'DisableEmbeddedServer']);
  });

  it('runs with defaults on a machine without any policy', async () => {
    const read = await readPolicy({ platform: 'win32', registry: async () => null });
    expect(read).toEqual({ policy: {}, sources: [], warnings: [] });
  });
});

describe('macOS managed preferences', () => {
  it('asks plutil for the user profile first, then the machine profile', async () => {
    const asked: string[] = [];
    const run: RunProgram = async (file, args) => {
      expect(file).toBe('/usr/bin/plutil');
      const path = args.at(-1) ?? '';
      asked.push(path);
      if (path.includes('/ayse/')) return JSON.stringify({ UpdateMode: 'manual' });
      if (path === '/Library/Managed Preferences/com.brokercrm.desktop.plist') {
        return JSON.stringify({
          UpdateMode: 'none',
          DisableEmbeddedServer: true,
          AllowedLinkHosts: ['www.spk.gov.tr'],
          Ignored: { nested: true },
        });
      }
      throw new Error('No such file');
    };
    const read = await readPolicy({ platform: 'darwin', run, userName: 'ayse' });
    expect(asked).toEqual(managedPreferencePaths('ayse'));
    expect(read.policy).toEqual({
      updateMode: 'manual',
      disableEmbeddedServer: true,
      allowedLinkHosts: ['www.spk.gov.tr'],
    });
  });

  it('does not build a path from a user name with slashes', () => {
    expect(managedPreferencePaths('../etc')).toEqual([
      '/Library/Managed Preferences/com.brokercrm.desktop.plist',
    ]);
  });
});

describe('Linux policy file', () => {
  const file = (text: string | Error) => async (path: string) => {
    expect(path).toBe(LINUX_POLICY_PATH);
    if (text instanceof Error) throw text;
    return text;
  };

  it('reads the JSON object of /etc/crm-desktop/policy.json', async () => {
    const read = await readPolicy({
      platform: 'linux',
      readFile: file(
        JSON.stringify({
          UpdateMode: 'start',
          UpdateURL: 'https://updates.firma.com.tr/crm/',
          CrmAddress: 'https://crm.firma.com.tr',
          DisableEmbeddedServer: 'true',
          AllowedLinkHosts: 'www.spk.gov.tr, kap.org.tr',
        }),
      ),
    });
    expect(read.policy).toEqual({
      updateMode: 'start',
      updateUrl: 'https://updates.firma.com.tr/crm/',
      crmAddress: 'https://crm.firma.com.tr',
      disableEmbeddedServer: true,
      allowedLinkHosts: ['www.spk.gov.tr', 'kap.org.tr'],
    });
    expect(read.sources).toEqual([LINUX_POLICY_PATH]);
  });

  it('treats a missing file as no policy and a broken one as a warning', async () => {
    const missing = await readPolicy({
      platform: 'linux',
      readFile: file(Object.assign(new Error('ENOENT'), { code: 'ENOENT' })),
    });
    expect(missing).toEqual({ policy: {}, sources: [], warnings: [] });
    const broken = await readPolicy({ platform: 'linux', readFile: file('{ "UpdateMode": ') });
    expect(broken.policy).toEqual({});
    expect(broken.warnings[0]?.reason).toMatch(/not valid JSON/);
    const array = await readPolicy({ platform: 'linux', readFile: file('[]') });
    expect(array.warnings[0]?.reason).toMatch(/JSON object/);
  });
});

describe('policy values', () => {
  it('refuses URLs that are not http(s), unknown modes and hosts with paths', () => {
    const { policy, warnings } = mergePolicySources([
      {
        name: 'test',
        values: {
          UpdateURL: 'file:///C:/feed',
          CrmAddress: 'javascript:alert(1)',
          updatemode: 'DEFAULT',
          AllowedLinkHosts: 'www.spk.gov.tr/duyurular',
          Unknown: 'x',
        },
      },
    ]);
    expect(policy).toEqual({ updateMode: 'default' });
    expect(warnings.map((warning) => warning.key).sort()).toEqual([
      'AllowedLinkHosts',
      'CrmAddress',
      'Unknown',
      'UpdateURL',
    ]);
  });
});
