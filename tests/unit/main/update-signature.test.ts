import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chooseUpdateFeed } from '../../../src/main/updater/update-feed';
import {
  createUpdateService,
  type UpdaterEvent,
  type UpdaterLike,
} from '../../../src/main/updater/update-service';
import {
  createDownloadCheck,
  isOlderVersion,
  updatePublicKey,
  verifyUpdate,
} from '../../../src/main/updater/update-verify';
import { desktopTexts } from '../../../src/shared/i18n/desktop-texts';

/**
 * The update chain nobody can swap (docs/security.md#update-verification): the feed comes from the build
 * or IT's policy over HTTPS, and every downloaded file must carry the publisher's ed25519 signature and a
 * newer version before it may install. A tampered file is refused and logged.
 */

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const key = updatePublicKey(publicPem);
const published = new TextEncoder().encode('crm-desktop-0.2.0-setup.exe as the publisher signed it');
const signatureOf = (bytes: Uint8Array): string => sign(null, bytes, privateKey).toString('base64');
const FEED = 'https://updates.firma.com.tr/crm';

describe('the update feed', () => {
  it('is HTTPS, from IT policy or the build; an installed app never reads CRM_UPDATE_URL', () => {
    expect(
      chooseUpdateFeed({ policyUrl: FEED, envUrl: 'https://kotu.example/feed', packaged: true }),
    ).toEqual({
      url: FEED,
      ignored: null,
    });
    expect(
      chooseUpdateFeed({ policyUrl: undefined, envUrl: 'https://kotu.example/feed', packaged: true }),
    ).toEqual({
      url: null,
      ignored: { source: 'environment', reason: 'CRM_UPDATE_URL is not read by an installed app' },
    });
    expect(
      chooseUpdateFeed({ policyUrl: 'http://updates.firma.com.tr/crm', envUrl: undefined, packaged: true })
        .url,
    ).toBeNull();
    // A development run may point at a local test feed.
    expect(
      chooseUpdateFeed({ policyUrl: undefined, envUrl: 'http://127.0.0.1:9/feed', packaged: false }).url,
    ).toBe('http://127.0.0.1:9/feed');
    expect(
      chooseUpdateFeed({ policyUrl: undefined, envUrl: 'http://updates.example/feed', packaged: false }).url,
    ).toBeNull();
  });
});

describe('verifyUpdate', () => {
  it('passes the file the publisher signed, with a newer version', () => {
    expect(
      verifyUpdate({ file: published, signature: signatureOf(published), version: '0.2.0' }, key, '0.1.0'),
    ).toEqual({
      ok: true,
    });
  });

  it('refuses a tampered file, a missing signature, a missing key and an older or equal version', () => {
    const tampered = new Uint8Array([...published, 0x20]);
    expect(
      verifyUpdate({ file: tampered, signature: signatureOf(published), version: '0.2.0' }, key, '0.1.0'),
    ).toMatchObject({
      ok: false,
      reason: 'badSignature',
    });
    expect(verifyUpdate({ file: published, signature: null, version: '0.2.0' }, key, '0.1.0')).toMatchObject({
      reason: 'noSignature',
    });
    expect(
      verifyUpdate({ file: published, signature: signatureOf(published), version: '0.2.0' }, null, '0.1.0'),
    ).toMatchObject({
      reason: 'noKey',
    });
    for (const older of ['0.1.0', '0.0.9', '0.1.0-beta.1']) {
      expect(
        verifyUpdate({ file: published, signature: signatureOf(published), version: older }, key, '0.1.0'),
      ).toMatchObject({
        reason: 'downgrade',
      });
    }
    // Another key's signature over the same bytes is no signature of ours.
    const other = generateKeyPairSync('ed25519').privateKey;
    expect(
      verifyUpdate(
        { file: published, signature: sign(null, published, other).toString('base64'), version: '0.2.0' },
        key,
        '0.1.0',
      ),
    ).toMatchObject({ reason: 'badSignature' });
  });

  it('compares versions as numbers', () => {
    expect(isOlderVersion('0.9.0', '0.10.0')).toBe(true);
    expect(isOlderVersion('1.0.0', '1.0.0')).toBe(false);
    expect(isOlderVersion('1.0.0-rc.1', '1.0.0')).toBe(true);
    expect(updatePublicKey('not a key')).toBeNull();
  });
});

describe('a downloaded update in the update service', () => {
  function run(file: Uint8Array, signature: string | null, version = '0.2.0') {
    let listener: (event: UpdaterEvent) => void = () => undefined;
    const calls: string[] = [];
    const fetched: string[] = [];
    const logged: string[] = [];
    const updater: UpdaterLike = {
      setFeedUrl: () => undefined,
      configure: (options) => calls.push(`onQuit=${options.autoInstallOnAppQuit}`),
      checkForUpdates: async () => listener({ type: 'available', version }),
      downloadUpdate: async () =>
        listener({ type: 'downloaded', version, file: '/cache/crm-desktop-setup.exe' }),
      quitAndInstall: () => calls.push('quitAndInstall'),
      onEvent: (next) => {
        listener = next;
      },
    };
    const updates = createUpdateService({
      updater,
      mode: 'start',
      feedUrl: FEED,
      hasFeed: true,
      emit: () => undefined,
      beforeInstall: () => undefined,
      schedule: () => () => undefined,
      log: (line) => logged.push(line),
      verifyDownloaded: createDownloadCheck({
        key,
        currentVersion: '0.1.0',
        feedBase: () => FEED,
        readFile: async () => file,
        fetchText: async (url) => {
          fetched.push(url);
          return signature;
        },
      }),
    });
    return { updates, calls, fetched, logged };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('installs the signed file only after its signature was checked', async () => {
    const { updates, calls, fetched } = run(published, signatureOf(published));
    updates.start();
    await settle();
    expect(fetched).toEqual([`${FEED}/crm-desktop-setup.exe.sig`]);
    expect(updates.status()).toMatchObject({ state: 'downloaded', version: '0.2.0' });
    expect(calls).toEqual(['onQuit=false', 'onQuit=true']);
    updates.restart();
    expect(calls.at(-1)).toBe('quitAndInstall');
  });

  it('refuses a tampered file: nothing installs, now or on quit, and the log says why', async () => {
    const tampered = new Uint8Array([...published.slice(0, -1), 0x21]);
    const { updates, calls, logged } = run(tampered, signatureOf(published));
    updates.start();
    await settle();
    expect(updates.status()).toMatchObject({ state: 'error', message: desktopTexts.updateSignatureRejected });
    expect(calls).toEqual(['onQuit=false']);
    updates.restart();
    expect(calls).not.toContain('quitAndInstall');
    expect(logged.some((line) => /refused \(badSignature\)/.test(line))).toBe(true);
  });

  it('refuses an older version even when it is signed', async () => {
    const { updates, calls, logged } = run(published, signatureOf(published), '0.0.5');
    updates.start();
    await settle();
    // electron-updater offers nothing older by itself; a feed that does is refused all the same.
    expect(updates.status().state).toBe('error');
    expect(calls).not.toContain('onQuit=true');
    expect(logged.some((line) => /refused \(downgrade\)/.test(line))).toBe(true);
  });
});
