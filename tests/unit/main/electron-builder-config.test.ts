import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The installer configuration as electron-builder itself reads it (its own loader and schema validation),
// so a key it does not know, or a fuse spelled wrong, fails here rather than on a release machine.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const require = createRequire(join(root, 'package.json'));

interface BuilderConfigModule {
  getConfig(
    projectDir: string,
    configPath: string | null,
    fromOptions: null,
  ): Promise<Record<string, unknown>>;
  validateConfiguration(config: Record<string, unknown>, logger: unknown): Promise<void>;
}
const { getConfig, validateConfiguration } =
  require('app-builder-lib/out/util/config/config.js') as BuilderConfigModule;
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

type Target = { target: string; arch?: string[] };
interface Config {
  appId: string;
  electronFuses: Record<string, boolean>;
  protocols: { schemes: string[] }[];
  win: { target: Target[]; extraResources: { from: string; to: string }[]; icon: string };
  nsis: { perMachine: boolean; oneClick: boolean; include: string };
  msi: { perMachine: boolean; upgradeCode: string };
  mac: { target: Target[]; hardenedRuntime: boolean; entitlements: string; notarize: boolean; icon: string };
  linux: { target: Target[]; icon: string };
  publish: { provider: string; url: string };
}

const loaded = async (): Promise<Config> => {
  const config = await getConfig(root, null, null);
  await validateConfiguration(config, new DebugLogger(false));
  return config as unknown as Config;
};

describe('electron-builder.yml', () => {
  it('is accepted by electron-builder', { timeout: 60_000 }, async () => {
    await expect(loaded()).resolves.toMatchObject({ appId: 'com.brokercrm.desktop' });
  });

  it('flips the fuses of the Electron security checklist', async () => {
    expect((await loaded()).electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
    });
  });

  it('builds NSIS per user and MSI per machine, dmg+zip, AppImage+deb', async () => {
    const config = await loaded();
    expect(config.win.target.map((target) => target.target)).toEqual(['nsis', 'msi']);
    expect(config.nsis).toMatchObject({ perMachine: false, include: 'build/installer.nsh' });
    expect(config.msi.perMachine).toBe(true);
    expect(config.msi.upgradeCode).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(config.mac.target.map((target) => target.target)).toEqual(['dmg', 'zip']);
    expect(config.mac).toMatchObject({ hardenedRuntime: true, notarize: true });
    expect(config.linux.target.map((target) => target.target)).toEqual(['AppImage', 'deb']);
    expect(config.publish).toEqual({ provider: 'generic', url: '${env.CRM_UPDATE_URL}' });
    // keytar and argon2 are Node-API: the Node build loads in Electron, no rebuild at packaging.
    expect((config as unknown as { npmRebuild: boolean }).npmRebuild).toBe(false);
  });

  it('registers crm:// and ships the ADMX/ADML templates with the Windows build', async () => {
    const config = await loaded();
    expect(config.protocols.flatMap((protocol) => protocol.schemes)).toEqual(['crm']);
    expect(config.win.extraResources).toContainEqual({ from: 'build/policies', to: 'policies' });
    for (const file of ['crm-desktop.admx', 'en-US/crm-desktop.adml', 'tr-TR/crm-desktop.adml']) {
      expect(existsSync(join(root, 'build/policies', file)), file).toBe(true);
    }
    const nsis = readFileSync(join(root, config.nsis.include), 'utf8');
    expect(nsis).toContain('Software\\Classes\\crm');
  });

  it('names icons and entitlements that exist', async () => {
    const config = await loaded();
    for (const file of [config.win.icon, config.mac.icon, config.mac.entitlements]) {
      expect(existsSync(join(root, file)), file).toBe(true);
    }
    for (const size of [16, 32, 48, 128, 256, 512]) {
      expect(existsSync(join(root, config.linux.icon, `${size}x${size}.png`))).toBe(true);
    }
  });
});

describe('ADMX template', () => {
  const admx = readFileSync(join(root, 'build/policies/crm-desktop.admx'), 'utf8');
  const adml = (language: string): string =>
    readFileSync(join(root, `build/policies/${language}/crm-desktop.adml`), 'utf8');

  it('defines every policy the reader knows, under the key it reads', async () => {
    const { POLICY_KEYS } = await import('../../../src/main/policy/policy');
    const { WINDOWS_POLICY_KEY } = await import('../../../src/main/policy/windows-registry');
    for (const key of POLICY_KEYS) {
      expect(admx).toMatch(
        new RegExp(
          `<policy name="${key}"[^>]*key="${WINDOWS_POLICY_KEY.replace(/\\/g, '\\\\').replace('SOFTWARE', 'Software')}"`,
        ),
      );
    }
    for (const mode of ['none', 'manual', 'start', 'default'])
      expect(admx).toContain(`<string>${mode}</string>`);
  });

  it('has every string and presentation in English and Turkish', () => {
    const strings = [...admx.matchAll(/\$\(string\.([A-Za-z0-9_]+)\)/g)].map((match) => match[1]);
    const presentations = [...admx.matchAll(/\$\(presentation\.([A-Za-z0-9_]+)\)/g)].map((match) => match[1]);
    for (const language of ['en-US', 'tr-TR']) {
      const text = adml(language);
      for (const id of strings) expect(text, `${language} ${id}`).toContain(`<string id="${id}">`);
      for (const id of presentations)
        expect(text, `${language} ${id}`).toContain(`<presentation id="${id}">`);
    }
    expect(adml('tr-TR')).toContain('Güncelleme modu');
  });
});
