import { z } from 'zod';
import { UPDATE_MODES, type UpdateMode } from '../../shared/domain/update-mode';

/**
 * What IT can set for every user of a machine (see docs/it-deployment.md). The names are those of the ADMX template
 * (build/policies), the registry values, the macOS managed preference keys and the Linux JSON keys alike.
 * Modelled on VS Code's `UpdateMode` policy and Mattermost's policy loader.
 */
export const POLICY_KEYS = [
  'UpdateMode',
  'UpdateURL',
  'CrmAddress',
  'DisableEmbeddedServer',
  'AllowedLinkHosts',
  'AllowPlainHttp',
] as const;
export type PolicyKey = (typeof POLICY_KEYS)[number];

/** The policy in force; a key IT did not set is absent, and the app's own default applies. */
export interface Policy {
  updateMode?: UpdateMode;
  /** The generic update feed (the folder holding latest.yml / latest-mac.yml / latest-linux.yml). */
  updateUrl?: string;
  /** Presets the CRM server address and locks it: the user cannot choose another server. */
  crmAddress?: string;
  /** The app never starts its own embedded server (a company server is required). */
  disableEmbeddedServer?: boolean;
  /** Hosts whose https links open in the system browser, beside the CRM server's own host. */
  allowedLinkHosts?: string[];
  /** The CRM server may be a plain http:// address on the company network (default: https only). */
  allowPlainHttp?: boolean;
}

/** A value as a policy store holds it: REG_SZ / REG_DWORD / REG_MULTI_SZ, a plist or JSON value. */
export type RawPolicyValue = string | number | boolean | readonly string[];
export type RawPolicy = Partial<Record<string, RawPolicyValue>>;

/** One store's problem with one value, for the log: IT must be able to see why a value was ignored. */
export interface PolicyWarning {
  source: string;
  key: string;
  reason: string;
}

const httpUrl = z.url({ protocol: /^https?$/ }).max(2048);
/** The update feed: https only, whatever the network (docs/security.md#update-verification). */
const httpsUrl = z.url({ protocol: /^https$/ }).max(2048);
/** A bare host name (no scheme, path or port), optionally a `*.` wildcard for its subdomains. */
const hostPattern = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/);

function asBoolean(value: RawPolicyValue): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : null;
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (['1', 'true', 'yes'].includes(text)) return true;
    if (['0', 'false', 'no'].includes(text)) return false;
  }
  return null;
}

function asList(value: RawPolicyValue): string[] | null {
  if (Array.isArray(value)) return value.map(String);
  // One REG_SZ or plist string: hosts separated by commas, semicolons or spaces.
  if (typeof value === 'string') return value.split(/[\s,;]+/).filter((part) => part.length > 0);
  return null;
}

type Normalised = { ok: true; value: Policy } | { ok: false; reason: string };

/** Turns one raw value into its field of Policy, or says why it cannot be used. */
function normalise(key: PolicyKey, value: RawPolicyValue): Normalised {
  switch (key) {
    case 'UpdateMode': {
      const mode = typeof value === 'string' ? value.trim().toLowerCase() : '';
      const parsed = z.enum(UPDATE_MODES).safeParse(mode);
      return parsed.success
        ? { ok: true, value: { updateMode: parsed.data } }
        : { ok: false, reason: `expected one of ${UPDATE_MODES.join(', ')}` };
    }
    case 'UpdateURL': {
      const parsed = httpsUrl.safeParse(typeof value === 'string' ? value.trim() : '');
      if (!parsed.success) return { ok: false, reason: 'expected an https URL' };
      return { ok: true, value: { updateUrl: parsed.data } };
    }
    case 'CrmAddress': {
      const parsed = httpUrl.safeParse(typeof value === 'string' ? value.trim() : '');
      if (!parsed.success) return { ok: false, reason: 'expected an http(s) URL' };
      return { ok: true, value: { crmAddress: parsed.data } };
    }
    case 'DisableEmbeddedServer':
    case 'AllowPlainHttp': {
      const flag = asBoolean(value);
      if (flag === null) return { ok: false, reason: 'expected 0 or 1' };
      return {
        ok: true,
        value: key === 'AllowPlainHttp' ? { allowPlainHttp: flag } : { disableEmbeddedServer: flag },
      };
    }
    case 'AllowedLinkHosts': {
      const list = asList(value);
      if (list === null) return { ok: false, reason: 'expected a list of host names' };
      const hosts: string[] = [];
      for (const entry of list) {
        const parsed = hostPattern.safeParse(entry);
        if (!parsed.success) return { ok: false, reason: `not a host name: ${entry}` };
        if (!hosts.includes(parsed.data)) hosts.push(parsed.data);
      }
      return { ok: true, value: { allowedLinkHosts: hosts } };
    }
  }
}

/** Key names are matched without regard to case: a hand-written .reg or JSON file may spell them otherwise. */
function policyKeyOf(name: string): PolicyKey | null {
  return POLICY_KEYS.find((key) => key.toLowerCase() === name.toLowerCase()) ?? null;
}

/**
 * Merges policy stores, the strongest first (Windows: HKLM then HKCU). Each key comes from the first store
 * that holds a usable value for it; an unusable value is reported and the next store is asked.
 */
export function mergePolicySources(sources: readonly { name: string; values: RawPolicy | null }[]): {
  policy: Policy;
  warnings: PolicyWarning[];
} {
  const policy: Policy = {};
  const taken = new Set<PolicyKey>();
  const warnings: PolicyWarning[] = [];
  for (const source of sources) {
    if (!source.values) continue;
    for (const [name, value] of Object.entries(source.values)) {
      if (value === undefined) continue;
      const key = policyKeyOf(name);
      if (key === null) {
        warnings.push({ source: source.name, key: name, reason: 'unknown policy' });
        continue;
      }
      if (taken.has(key)) continue;
      const result = normalise(key, value);
      if (!result.ok) {
        warnings.push({ source: source.name, key, reason: result.reason });
        continue;
      }
      Object.assign(policy, result.value);
      taken.add(key);
    }
  }
  return { policy, warnings };
}
