import type { KeyValueStore } from './key-value-store';
import { consoleLog, type Log } from './log';

/** The part of keytar the vault uses (the OS keychain: Keychain, Credential Manager, Secret Service). */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/**
 * The part of Electron's safeStorage the vault uses. The async API, because Electron 45 deprecates the
 * synchronous encryptString/decryptString/isEncryptionAvailable.
 */
export interface SafeStorageLike {
  isAsyncEncryptionAvailable(): Promise<boolean>;
  encryptStringAsync(plainText: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
  /** Linux only: 'basic_text' means a hard-coded key, which is no protection, so the vault refuses it. */
  getSelectedStorageBackend?(): string;
}

export interface TokenVaultOptions {
  keytar: KeytarLike | null;
  safeStorage: SafeStorageLike | null;
  store: KeyValueStore;
  service: string;
  account: string;
  log?: Log;
  /** Why keytar did not load (loadKeytar's reason), named once in the log when safeStorage takes over. */
  keytarUnavailable?: string | null;
}

export interface TokenVault {
  /** remember: kept across restarts (keychain, else encrypted store); otherwise memory only. */
  save(token: string, remember: boolean): Promise<void>;
  /** Memory first, then the persisted copy. */
  load(): Promise<string | null>;
  clear(): Promise<void>;
}

/** Where the safeStorage-encrypted token lives in the store (base64). A flat key: electron-store nests dots. */
export const ENCRYPTED_TOKEN_KEY = 'sessionTokenEncrypted';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createTokenVault(options: TokenVaultOptions): TokenVault {
  const { keytar, safeStorage, store, service, account } = options;
  const log = options.log ?? consoleLog;
  let memory: string | null = null;
  // After clear() the persisted copy is being deleted, and a keychain answers in its own time: until the
  // next save() nothing may be read back from it. `epoch` tells a load in flight that a clear or save
  // happened meanwhile, so it does not put an old token back into memory.
  let cleared = false;
  let epoch = 0;
  let fallbackNoted = false;

  // keytar is optional (it needs libsecret to build on Linux): without it the vault works on safeStorage
  // and says so once, not at every save and load.
  const noteSafeStorageFallback = (): void => {
    if (keytar || fallbackNoted) return;
    fallbackNoted = true;
    const why = options.keytarUnavailable ? ` (${options.keytarUnavailable})` : '';
    log(`OS keychain not available${why}: a remembered session is stored encrypted with safeStorage.`);
  };

  const canEncrypt = async (): Promise<boolean> => {
    if (!safeStorage) return false;
    if (safeStorage.getSelectedStorageBackend?.() === 'basic_text') return false;
    try {
      return await safeStorage.isAsyncEncryptionAvailable();
    } catch {
      return false;
    }
  };

  const saveToKeychain = async (token: string): Promise<boolean> => {
    if (!keytar) return false;
    try {
      await keytar.setPassword(service, account, token);
      return true;
    } catch (error) {
      // keytar can load yet fail at call time (e.g. no Secret Service on a Linux session).
      log(`OS keychain write failed, trying safeStorage: ${errorText(error)}`);
      return false;
    }
  };

  const saveEncrypted = async (token: string): Promise<boolean> => {
    if (!safeStorage || !(await canEncrypt())) return false;
    try {
      const encrypted = await safeStorage.encryptStringAsync(token);
      store.set(ENCRYPTED_TOKEN_KEY, encrypted.toString('base64'));
      return true;
    } catch (error) {
      log(`safeStorage encryption failed: ${errorText(error)}`);
      return false;
    }
  };

  const deleteFromKeychain = async (): Promise<void> => {
    if (!keytar) return;
    try {
      await keytar.deletePassword(service, account);
    } catch (error) {
      log(`OS keychain delete failed: ${errorText(error)}`);
    }
  };

  const deleteEncrypted = (): void => {
    store.delete(ENCRYPTED_TOKEN_KEY);
  };

  const loadFromKeychain = async (): Promise<string | null> => {
    if (!keytar) return null;
    try {
      return await keytar.getPassword(service, account);
    } catch (error) {
      log(`OS keychain read failed: ${errorText(error)}`);
      return null;
    }
  };

  const loadEncrypted = async (stillCurrent: () => boolean): Promise<string | null> => {
    const stored = store.get(ENCRYPTED_TOKEN_KEY);
    if (typeof stored !== 'string' || stored === '') return null;
    if (!safeStorage || !(await canEncrypt())) return null;
    try {
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(Buffer.from(stored, 'base64'));
      // Not after a clear meanwhile: re-encrypting would persist a token the user just logged out of.
      if (shouldReEncrypt && stillCurrent()) await saveEncrypted(result);
      return result;
    } catch (error) {
      // A copy that no longer decrypts (OS key changed) is useless: drop it, the user logs in again.
      log(`Stored token could not be decrypted, removing it: ${errorText(error)}`);
      deleteEncrypted();
      return null;
    }
  };

  const removePersisted = async (): Promise<void> => {
    await deleteFromKeychain();
    deleteEncrypted();
  };

  return {
    async save(token, remember) {
      memory = token;
      cleared = false;
      epoch += 1;
      if (!remember) {
        await removePersisted();
        return;
      }
      if (await saveToKeychain(token)) {
        // One persisted copy only: an older encrypted copy would outlive a later clear of the keychain.
        deleteEncrypted();
        return;
      }
      if (await saveEncrypted(token)) {
        noteSafeStorageFallback();
        await deleteFromKeychain();
        return;
      }
      await removePersisted();
      log('Neither the OS keychain nor safeStorage is available: the session token is kept in memory only.');
    },

    async load() {
      if (memory !== null || cleared) return memory;
      const started = epoch;
      const stillCurrent = (): boolean => started === epoch;
      const persisted = (await loadFromKeychain()) ?? (await loadEncrypted(stillCurrent));
      if (!stillCurrent()) return memory;
      if (persisted) {
        memory = persisted;
        noteSafeStorageFallback();
      }
      return persisted;
    },

    async clear() {
      memory = null;
      cleared = true;
      epoch += 1;
      await removePersisted();
    },
  };
}
