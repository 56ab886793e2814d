import type { RawPolicy, RawPolicyValue } from './policy';

export type RegistryHive = 'HKLM' | 'HKCU';

/** Reads the values of one registry key; null when the key does not exist. Injected, so tests need no Windows. */
export type RegistryReader = (hive: RegistryHive, key: string) => Promise<RawPolicy | null>;

/** Runs a program and answers its stdout; rejects with the exit code on failure (node's execFile, promisified). */
export type RunProgram = (file: string, args: readonly string[]) => Promise<string>;

/** `SOFTWARE\Policies\<vendor>\<app>`, as Group Policy writes it for the ADMX template in build/policies. */
export const WINDOWS_POLICY_KEY = 'SOFTWARE\\Policies\\BrokerCRM\\CrmDesktop';

/** Machine policy first: a per-user value never overrides what IT set for the machine. */
export const WINDOWS_POLICY_HIVES: readonly RegistryHive[] = ['HKLM', 'HKCU'];

const VALUE_LINE = /^ {4}(.+?) {4}(REG_[A-Z_]+) {4}?(.*)$/;

function parseValue(type: string, data: string): RawPolicyValue | null {
  switch (type) {
    case 'REG_SZ':
    case 'REG_EXPAND_SZ':
      return data;
    case 'REG_DWORD':
    case 'REG_QWORD': {
      const number = Number.parseInt(data, 16);
      return Number.isSafeInteger(number) ? number : null;
    }
    case 'REG_MULTI_SZ':
      // reg.exe prints the strings of a multi-string joined by a literal backslash-zero.
      return data.split('\\0').filter((part) => part.length > 0);
    default:
      return null;
  }
}

/**
 * Parses what `reg.exe query <key>` prints: a header line with the key, then one line per value,
 * `    Name    REG_TYPE    data`. Subkeys and binary values are ignored.
 */
export function parseRegQueryOutput(output: string): RawPolicy {
  const values: RawPolicy = {};
  for (const line of output.split(/\r?\n/)) {
    const match = VALUE_LINE.exec(line);
    if (!match) continue;
    const [, name = '', type = '', data = ''] = match;
    const value = parseValue(type, data);
    if (value !== null && name !== '(Default)') values[name] = value;
  }
  return values;
}

/**
 * The registry through Windows' own reg.exe (no native module to build or ship). reg.exe exits with 1
 * when the key does not exist, which is the usual case on a machine without policy.
 */
export function regExeReader(run: RunProgram, systemRoot = 'C:\\Windows'): RegistryReader {
  // Its full path, so a reg.exe earlier on PATH or in the working directory is never the one run.
  const regExe = `${systemRoot}\\System32\\reg.exe`;
  return async (hive, key) => {
    try {
      return parseRegQueryOutput(await run(regExe, ['query', `${hive}\\${key}`]));
    } catch {
      return null;
    }
  };
}
