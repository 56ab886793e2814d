import type { RawPolicy, RawPolicyValue } from './policy';

/** /etc/<app>/policy.json: root-owned, so a user cannot change what IT wrote. */
export const LINUX_POLICY_PATH = '/etc/crm-desktop/policy.json';

export type ReadTextFile = (path: string) => Promise<string>;

export type LinuxPolicyRead = { ok: true; values: RawPolicy | null } | { ok: false; reason: string };

function jsonValue(value: unknown): RawPolicyValue | null {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
  return null;
}

/**
 * The JSON object of the policy file. A missing file is no policy; a file that is not a JSON object is
 * reported (IT wrote it and must learn it is not read) and applies nothing.
 */
export async function readLinuxPolicy(
  read: ReadTextFile,
  path = LINUX_POLICY_PATH,
): Promise<LinuxPolicyRead> {
  let text: string;
  try {
    text = await read(path);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: true, values: null };
    return { ok: false, reason: `cannot read ${path}: ${String(code ?? error)}` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, reason: `${path} is not valid JSON` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, reason: `${path} must hold a JSON object` };
  }
  const values: RawPolicy = {};
  for (const [key, value] of Object.entries(parsed)) {
    const usable = jsonValue(value);
    values[key] = usable ?? String(value);
  }
  return { ok: true, values };
}
