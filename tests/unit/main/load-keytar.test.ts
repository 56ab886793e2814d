import { describe, expect, it } from 'vitest';
import { loadKeytar } from '../../../src/main/load-keytar';

describe('loadKeytar', () => {
  it('answers null with the reason when the native module does not load', async () => {
    const loaded = await loadKeytar(async () => {
      throw new Error('was compiled against a different Node.js version using NODE_MODULE_VERSION 127');
    });
    expect(loaded.keytar).toBeNull();
    expect(loaded.reason).toContain('NODE_MODULE_VERSION 127');
  });

  it('answers null with the reason when keytar is not installed (an optional dependency npm skipped)', async () => {
    const loaded = await loadKeytar(() => import(/* @vite-ignore */ 'keytar-not-installed-' + 'x'));
    expect(loaded.keytar).toBeNull();
    expect(loaded.reason).toMatch(/^keytar could not be loaded: .*keytar-not-installed-x/);
  });

  it('answers null when the module lacks the functions the vault needs', async () => {
    const loaded = await loadKeytar(async () => ({ default: { getPassword: () => null } }));
    expect(loaded.keytar).toBeNull();
    expect(loaded.reason).toContain('does not expose');
  });

  it('takes the functions from the default export of a CommonJS module or from the namespace', async () => {
    const keytar = {
      getPassword: async () => null,
      setPassword: async () => undefined,
      deletePassword: async () => true,
    };
    expect((await loadKeytar(async () => ({ default: keytar }))).keytar).toBe(keytar);
    expect((await loadKeytar(async () => keytar)).keytar).toBe(keytar);
  });
});
