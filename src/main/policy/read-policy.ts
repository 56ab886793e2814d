import { LINUX_POLICY_PATH, readLinuxPolicy, type ReadTextFile } from './linux-policy-file';
import { managedPreferencePaths, readManagedPreferences } from './macos-managed-preferences';
import { mergePolicySources, type Policy, type PolicyWarning, type RawPolicy } from './policy';
import {
  WINDOWS_POLICY_HIVES,
  WINDOWS_POLICY_KEY,
  type RegistryReader,
  type RunProgram,
} from './windows-registry';

export interface PolicyReaderDeps {
  platform: NodeJS.Platform;
  /** Windows: the registry (regExeReader in production). */
  registry?: RegistryReader;
  /** macOS: runs plutil. */
  run?: RunProgram;
  /** macOS: the login name, for the per-user managed preferences. */
  userName?: string;
  /** Linux: reads /etc/crm-desktop/policy.json. */
  readFile?: ReadTextFile;
  linuxPath?: string;
}

export interface PolicyRead {
  policy: Policy;
  /** Where the values came from, for the log (e.g. "HKLM\SOFTWARE\Policies\..."). */
  sources: string[];
  warnings: PolicyWarning[];
}

/**
 * Reads the machine's policy once at start, the way the platform's management tools write it: Windows
 * Group Policy (HKLM, then HKCU), macOS configuration profiles (managed preferences), Linux a JSON file.
 * Reading never throws: an unreadable store is a warning and the app runs with its defaults.
 */
export async function readPolicy(deps: PolicyReaderDeps): Promise<PolicyRead> {
  const stores: { name: string; values: RawPolicy | null }[] = [];
  const warnings: PolicyWarning[] = [];

  if (deps.platform === 'win32' && deps.registry) {
    for (const hive of WINDOWS_POLICY_HIVES) {
      stores.push({
        name: `${hive}\\${WINDOWS_POLICY_KEY}`,
        values: await deps.registry(hive, WINDOWS_POLICY_KEY),
      });
    }
  } else if (deps.platform === 'darwin' && deps.run) {
    for (const path of managedPreferencePaths(deps.userName ?? '')) {
      stores.push({ name: path, values: await readManagedPreferences(deps.run, path) });
    }
  } else if (deps.platform === 'linux' && deps.readFile) {
    const name = deps.linuxPath ?? LINUX_POLICY_PATH;
    const read = await readLinuxPolicy(deps.readFile, name);
    if (read.ok) stores.push({ name, values: read.values });
    else warnings.push({ source: name, key: '*', reason: read.reason });
  }

  const merged = mergePolicySources(stores);
  return {
    policy: merged.policy,
    sources: stores
      .filter((store) => store.values !== null && Object.keys(store.values).length > 0)
      .map((s) => s.name),
    warnings: [...warnings, ...merged.warnings],
  };
}
