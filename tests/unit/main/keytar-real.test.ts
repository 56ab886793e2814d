import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../../src/main/key-value-store';
import { loadKeytar } from '../../../src/main/load-keytar';
import { createTokenVault, ENCRYPTED_TOKEN_KEY } from '../../../src/main/token-vault';
import { createLogSpy } from './fakes';

/**
 * keytar for real, against gnome-keyring's Secret Service. Needs a D-Bus session with an unlocked
 * keyring: run `npm run test:keyring` (tests/unit/main/with-keyring.sh sets one up).
 */
const loaded = process.env.DBUS_SESSION_BUS_ADDRESS ? await loadKeytar() : null;
const skipReason = !process.env.DBUS_SESSION_BUS_ADDRESS
  ? 'DBUS_SESSION_BUS_ADDRESS is not set (run `npm run test:keyring`)'
  : (loaded?.reason ?? null);
if (skipReason && process.env.CRM_REQUIRE_KEYRING === '1') {
  // npm run test:keyring sets this: there a skip would hide a broken keychain integration.
  throw new Error(`keytar could not be tested: ${skipReason}`);
}
if (skipReason) console.warn(`keytar-real.test.ts skipped: ${skipReason}`);

// Unique per run, so a leftover entry of an interrupted run cannot make a test pass.
const service = `Aracı Kurum CRM test ${process.pid}-${Date.now()}`;
const account = 'session-token';

describe.skipIf(skipReason !== null)(
  `keytar with the real OS keychain${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const keytar = loaded?.keytar ?? null;

    it('writes, reads and deletes a password in the Secret Service', { timeout: 20_000 }, async () => {
      if (!keytar) throw new Error('keytar did not load');
      await keytar.setPassword(service, account, 'tok-gerçek-ğüşiöç');
      expect(await keytar.getPassword(service, account)).toBe('tok-gerçek-ğüşiöç');
      expect(await keytar.deletePassword(service, account)).toBe(true);
      expect(await keytar.getPassword(service, account)).toBeNull();
      expect(await keytar.deletePassword(service, account)).toBe(false);
    });

    it('keeps a remembered token across vaults (a restart) and clears it', { timeout: 20_000 }, async () => {
      const store = createMemoryStore();
      const options = { keytar, safeStorage: null, store, service, account, log: createLogSpy().log };
      const vault = createTokenVault(options);

      await vault.save('tok-remembered-1', true);
      expect(await keytar?.getPassword(service, account)).toBe('tok-remembered-1');
      expect(store.get(ENCRYPTED_TOKEN_KEY)).toBeUndefined();
      expect(await createTokenVault(options).load()).toBe('tok-remembered-1');

      // Logging in again without "remember me" removes the keychain copy.
      await vault.save('tok-session-only', false);
      expect(await keytar?.getPassword(service, account)).toBeNull();
      expect(await createTokenVault(options).load()).toBeNull();

      await vault.save('tok-remembered-2', true);
      await vault.clear();
      expect(await keytar?.getPassword(service, account)).toBeNull();
    });
  },
);
