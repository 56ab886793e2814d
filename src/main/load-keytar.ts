import type { KeytarLike } from './token-vault';

export type LoadedKeytar = { keytar: KeytarLike; reason: null } | { keytar: null; reason: string };

function isKeytar(value: unknown): value is KeytarLike {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.getPassword === 'function' &&
    typeof candidate.setPassword === 'function' &&
    typeof candidate.deletePassword === 'function'
  );
}

/**
 * The module name as a value: keytar is an optional dependency (npm skips it where libsecret is missing),
 * so neither TypeScript nor the bundler may insist on finding it; the shape is checked at run time.
 */
const KEYTAR_MODULE: string = 'keytar';

/**
 * keytar is a native module: it is absent when its build failed at install (no libsecret on Linux), and
 * fails to load when it was built for another Node/Electron ABI. The app must still start then (the vault
 * falls back to safeStorage), so this answers null with the reason instead of throwing.
 */
export async function loadKeytar(
  importKeytar: () => Promise<unknown> = () => import(/* @vite-ignore */ KEYTAR_MODULE),
): Promise<LoadedKeytar> {
  try {
    const loaded = await importKeytar();
    // keytar is CommonJS: under ESM its functions sit on `default`; a bundler may hoist them to the top.
    const candidate =
      typeof loaded === 'object' && loaded !== null && 'default' in loaded ? loaded.default : loaded;
    if (isKeytar(candidate)) return { keytar: candidate, reason: null };
    if (isKeytar(loaded)) return { keytar: loaded, reason: null };
    return {
      keytar: null,
      reason: 'keytar loaded but does not expose getPassword/setPassword/deletePassword',
    };
  } catch (error) {
    return {
      keytar: null,
      reason: `keytar could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
