import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../../src/main/key-value-store';
import { createTokenVault, type KeytarLike } from '../../../src/main/token-vault';
import { createFakeKeytar, createLogSpy } from './fakes';

/** The fake keychain, with its deletions held until `release()` (an OS keychain answers in its own time). */
function slowDeletingKeytar(): KeytarLike & { release(): void } {
  const keytar = createFakeKeytar();
  let release = (): void => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    getPassword: (service, account) => keytar.getPassword(service, account),
    setPassword: (service, account, password) => keytar.setPassword(service, account, password),
    deletePassword: async (service, account) => {
      await gate;
      return keytar.deletePassword(service, account);
    },
    release: () => release(),
  };
}

function vaultWith(keytar: KeytarLike) {
  return createTokenVault({
    keytar,
    safeStorage: null,
    store: createMemoryStore(),
    service: 'crm',
    account: 'session-token',
    log: createLogSpy().log,
  });
}

describe('token vault: a cleared token stays cleared', () => {
  // A switch to another server clears the vault and the next call goes to the new address. While the
  // keychain is still deleting, load() must not read the old token back and send it there.
  it('load() during a clear does not bring the token back from the keychain', async () => {
    const keytar = slowDeletingKeytar();
    const vault = vaultWith(keytar);
    await vault.save('tok-remembered', true);

    const clearing = vault.clear();
    expect(await vault.load()).toBeNull();
    keytar.release();
    await clearing;
    expect(await vault.load()).toBeNull();
  });

  it('a load that started before the clear does not put the token back', async () => {
    const keytar = slowDeletingKeytar();
    await vaultWith(keytar).save('tok-remembered', true);
    // A fresh start: the token is only in the keychain.
    const vault = vaultWith(keytar);
    const loading = vault.load();
    const clearing = vault.clear();
    await loading;
    keytar.release();
    await clearing;
    expect(await vault.load()).toBeNull();
  });

  it('a new login after a clear is kept', async () => {
    const keytar = slowDeletingKeytar();
    const vault = vaultWith(keytar);
    await vault.save('tok-old', true);
    const clearing = vault.clear();
    const saving = vault.save('tok-new', false);
    keytar.release();
    await Promise.all([clearing, saving]);
    expect(await vault.load()).toBe('tok-new');
  });
});
