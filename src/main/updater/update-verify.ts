import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/**
 * The app's own check of a downloaded update, on every platform, before it may be installed
 * (docs/security.md#update-verification): a detached ed25519 signature over the file's bytes, made at
 * release time with the publisher's private key and published beside the file as `<file>.sig`
 * (base64), checked with the public key built into the app; and never an older version than the one
 * running. electron-updater's own checks (sha512 of latest.yml, the Windows publisher, macOS code
 * signature) still run first.
 */
export type UpdateVerdict =
  | { ok: true }
  | { ok: false; reason: 'noKey' | 'noSignature' | 'badSignature' | 'downgrade'; detail: string };

export interface UpdateToVerify {
  file: Uint8Array;
  /** The base64 text of `<file>.sig`, or null when the feed had none. */
  signature: string | null;
  version: string;
}

/** The public key as PEM text, or null when none was built in (then no update passes). */
export function updatePublicKey(pem: string | null | undefined): KeyObject | null {
  const text = pem?.trim();
  if (!text) return null;
  try {
    const key = createPublicKey(text);
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

/** a < b for versions like 1.2.3 (a pre-release part counts as older than its release). */
export function isOlderVersion(a: string, b: string): boolean {
  const parse = (text: string): { parts: number[]; pre: boolean } => {
    const [core = '', pre] = text.trim().replace(/^v/i, '').split('-', 2);
    return { parts: core.split('.').map((part) => Number.parseInt(part, 10) || 0), pre: pre !== undefined };
  };
  const left = parse(a);
  const right = parse(b);
  for (let index = 0; index < Math.max(left.parts.length, right.parts.length); index += 1) {
    const difference = (left.parts[index] ?? 0) - (right.parts[index] ?? 0);
    if (difference !== 0) return difference < 0;
  }
  return left.pre && !right.pre;
}

export function verifyUpdate(
  update: UpdateToVerify,
  key: KeyObject | null,
  currentVersion: string,
): UpdateVerdict {
  if (!isOlderVersion(currentVersion, update.version)) {
    return {
      ok: false,
      reason: 'downgrade',
      detail: `offered ${update.version} is not newer than the running ${currentVersion}`,
    };
  }
  if (key === null)
    return { ok: false, reason: 'noKey', detail: 'no update public key is built into this app' };
  const text = update.signature?.trim() ?? '';
  if (!/^[A-Za-z0-9+/]{86}==$/.test(text)) {
    return { ok: false, reason: 'noSignature', detail: 'the feed has no valid .sig for the file' };
  }
  const valid = verify(null, update.file, key, Buffer.from(text, 'base64'));
  return valid
    ? { ok: true }
    : { ok: false, reason: 'badSignature', detail: 'the ed25519 signature does not match the file' };
}

export interface DownloadedUpdate {
  version: string;
  /** Where electron-updater saved the file. */
  file: string;
}

export interface DownloadCheckDeps {
  key: KeyObject | null;
  currentVersion: string;
  /** The feed the update came from (https); `<feed>/<file name>.sig` holds its signature. */
  feedBase: () => string | null;
  readFile: (path: string) => Promise<Uint8Array>;
  /** GET over the app's network stack; null when the server has no such file. */
  fetchText: (url: string) => Promise<string | null>;
}

/** The check the update service runs on every downloaded file (index.ts gives it the real I/O). */
export function createDownloadCheck(
  deps: DownloadCheckDeps,
): (update: DownloadedUpdate) => Promise<UpdateVerdict> {
  return async (update) => {
    const base = deps.feedBase();
    const name = update.file.split(/[\\/]/).pop() ?? '';
    const signature =
      base === null || name === ''
        ? null
        : await deps.fetchText(`${base.replace(/\/+$/, '')}/${encodeURIComponent(name)}.sig`);
    return verifyUpdate(
      { file: await deps.readFile(update.file), signature, version: update.version },
      deps.key,
      deps.currentVersion,
    );
  };
}
