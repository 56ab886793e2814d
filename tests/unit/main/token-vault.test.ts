import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../../src/main/key-value-store';
import { createTokenVault, ENCRYPTED_TOKEN_KEY, type TokenVaultOptions } from '../../../src/main/token-vault';
import { createFakeKeytar, createFakeSafeStorage, createLogSpy } from './fakes';

const TOKEN = 'tok-3f9c2a';

function vaultWith(overrides: Partial<TokenVaultOptions>) {
  const store = createMemoryStore();
  const spy = createLogSpy();
  const options: TokenVaultOptions = {
    keytar: null,
    safeStorage: null,
    store,
    service: 'crm-test',
    account: 'session-token',
    log: spy.log,
    ...overrides,
  };
  return { vault: createTokenVault(options), store, lines: spy.lines, options };
}

describe('token vault', () => {
  it('keeps a token without remember in memory only and removes any persisted copy', async () => {
    const keytar = createFakeKeytar();
    keytar.entries.set('crm-test/session-token', 'old-token');
    const { vault, store, options } = vaultWith({ keytar, safeStorage: createFakeSafeStorage() });
    store.set(ENCRYPTED_TOKEN_KEY, 'b2xk');

    await vault.save(TOKEN, false);

    expect(await vault.load()).toBe(TOKEN);
    expect(keytar.entries.size).toBe(0);
    expect(store.get(ENCRYPTED_TOKEN_KEY)).toBeUndefined();
    // A restart (a new vault over the same keychain and store) finds nothing.
    expect(await createTokenVault(options).load()).toBeNull();
  });

  it('puts a remembered token in the OS keychain when keytar works', async () => {
    const keytar = createFakeKeytar();
    const { vault, store, options } = vaultWith({ keytar, safeStorage: createFakeSafeStorage() });

    await vault.save(TOKEN, true);

    expect(keytar.entries.get('crm-test/session-token')).toBe(TOKEN);
    expect(store.get(ENCRYPTED_TOKEN_KEY)).toBeUndefined();
    expect(await createTokenVault(options).load()).toBe(TOKEN);
  });

  it('falls back to safeStorage when there is no keytar, and never stores the token in clear', async () => {
    const { vault, store, options } = vaultWith({ safeStorage: createFakeSafeStorage() });

    await vault.save(TOKEN, true);

    const stored = store.get(ENCRYPTED_TOKEN_KEY);
    expect(typeof stored).toBe('string');
    expect(JSON.stringify(store.entries())).not.toContain(TOKEN);
    expect(Buffer.from(String(stored), 'base64').toString('utf8')).not.toContain(TOKEN);
    expect(await createTokenVault(options).load()).toBe(TOKEN);
  });

  it('says once that it uses safeStorage when keytar is not installed, naming the reason', async () => {
    const reason = "keytar could not be loaded: Cannot find package 'keytar'";
    const { vault, store, lines, options } = vaultWith({
      safeStorage: createFakeSafeStorage(),
      keytarUnavailable: reason,
    });

    await vault.save(TOKEN, true);
    await vault.save('tok-second', true);
    expect(await vault.load()).toBe('tok-second');

    expect(store.get(ENCRYPTED_TOKEN_KEY)).toEqual(expect.any(String));
    const fallbackLines = lines.filter((line) => line.includes('stored encrypted with safeStorage'));
    expect(fallbackLines).toEqual([
      `OS keychain not available (${reason}): a remembered session is stored encrypted with safeStorage.`,
    ]);
    // A restart reads the encrypted copy back, and says so once more (a new process, a new log).
    const restart = createTokenVault(options);
    expect(await restart.load()).toBe('tok-second');
    expect(await restart.load()).toBe('tok-second');
    expect(lines.filter((line) => line.includes('stored encrypted with safeStorage'))).toHaveLength(2);
  });

  it('says nothing about a fallback while the keychain works', async () => {
    const { vault, lines } = vaultWith({ keytar: createFakeKeytar(), safeStorage: createFakeSafeStorage() });

    await vault.save(TOKEN, true);
    expect(await vault.load()).toBe(TOKEN);

    expect(lines).toEqual([]);
  });

  it('falls back to safeStorage when keytar loads but fails at call time', async () => {
    const { vault, store, lines, options } = vaultWith({
      keytar: createFakeKeytar(true),
      safeStorage: createFakeSafeStorage(),
    });

    await vault.save(TOKEN, true);

    expect(store.get(ENCRYPTED_TOKEN_KEY)).toEqual(expect.any(String));
    expect(lines.some((line) => line.includes('keychain write failed'))).toBe(true);
    expect(await createTokenVault(options).load()).toBe(TOKEN);
  });

  it("refuses safeStorage's basic_text backend (a hard-coded key) and keeps the token in memory", async () => {
    const { vault, store, lines } = vaultWith({
      safeStorage: createFakeSafeStorage({ backend: 'basic_text' }),
    });

    await vault.save(TOKEN, true);

    expect(store.get(ENCRYPTED_TOKEN_KEY)).toBeUndefined();
    expect(await vault.load()).toBe(TOKEN);
    expect(lines.some((line) => line.includes('memory only'))).toBe(true);
  });

  it('keeps the token in memory only and says so when neither keychain nor encryption is available', async () => {
    const { vault, store, lines, options } = vaultWith({
      safeStorage: createFakeSafeStorage({ available: false }),
    });

    await vault.save(TOKEN, true);

    expect(await vault.load()).toBe(TOKEN);
    expect(store.entries()).toEqual({});
    expect(lines).toContain(
      'Neither the OS keychain nor safeStorage is available: the session token is kept in memory only.',
    );
    expect(await createTokenVault(options).load()).toBeNull();
  });

  it('clear() forgets memory, keychain and store', async () => {
    const keytar = createFakeKeytar();
    const { vault, store, options } = vaultWith({ keytar, safeStorage: createFakeSafeStorage() });
    await vault.save(TOKEN, true);
    store.set(ENCRYPTED_TOKEN_KEY, 'bGVmdG92ZXI=');

    await vault.clear();

    expect(await vault.load()).toBeNull();
    expect(keytar.entries.size).toBe(0);
    expect(store.get(ENCRYPTED_TOKEN_KEY)).toBeUndefined();
    expect(await createTokenVault(options).load()).toBeNull();
  });

  it('drops a stored copy that no longer decrypts', async () => {
    const { store, options, lines } = vaultWith({ safeStorage: createFakeSafeStorage() });
    store.set(ENCRYPTED_TOKEN_KEY, Buffer.from('garbage').toString('base64'));

    expect(await createTokenVault(options).load()).toBeNull();
    expect(store.get(ENCRYPTED_TOKEN_KEY)).toBeUndefined();
    expect(lines.some((line) => line.includes('could not be decrypted'))).toBe(true);
  });
});
