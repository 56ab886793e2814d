import type { RawPolicy, RawPolicyValue } from './policy';
import type { RunProgram } from './windows-registry';

/** The app's preference domain: electron-builder.yml appId, the bundle identifier MDM profiles target. */
export const MACOS_POLICY_DOMAIN = 'com.brokercrm.desktop';

/**
 * Where macOS puts a configuration profile's settings for the app: per user first (a profile scoped to
 * the user), then for the machine, as cfprefsd resolves the managed layer.
 */
export function managedPreferencePaths(userName: string, domain = MACOS_POLICY_DOMAIN): string[] {
  const paths = [`/Library/Managed Preferences/${domain}.plist`];
  if (/^[A-Za-z0-9._-]+$/.test(userName)) {
    paths.unshift(`/Library/Managed Preferences/${userName}/${domain}.plist`);
  }
  return paths;
}

function plistValue(value: unknown): RawPolicyValue | null {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
  return null;
}

/** The keys of a plist converted to JSON (plutil), values of other types dropped. */
export function parsePlistJson(json: string): RawPolicy | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const values: RawPolicy = {};
  for (const [key, value] of Object.entries(parsed)) {
    const usable = plistValue(value);
    if (usable !== null) values[key] = usable;
  }
  return values;
}

/**
 * Reads one managed preferences file. Profiles are written as binary plists, so the system's plutil turns
 * them into JSON; a missing file makes plutil fail, which reads as "no policy here".
 */
export async function readManagedPreferences(run: RunProgram, path: string): Promise<RawPolicy | null> {
  try {
    return parsePlistJson(await run('/usr/bin/plutil', ['-convert', 'json', '-o', '-', path]));
  } catch {
    return null;
  }
}
