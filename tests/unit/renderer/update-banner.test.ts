import { describe, expect, it } from 'vitest';
import { bannerVisible } from '../../../src/renderer/src/shell/desktop/banner-visible';
import type { UpdateStatus } from '../../../src/shared/bridge';

const status = (state: UpdateStatus['state'], userAsked = false): UpdateStatus => ({
  state,
  mode: 'default',
  version: '0.2.0',
  percent: null,
  message: null,
  canCheck: true,
  userAsked,
});

describe('update banner', () => {
  it('shows what needs the user and answers a check they asked for, nothing else', () => {
    expect(bannerVisible(status('available'))).toBe(true);
    expect(bannerVisible(status('downloading'))).toBe(true);
    expect(bannerVisible(status('downloaded'))).toBe(true);
    expect(bannerVisible(status('error'))).toBe(true);
    expect(bannerVisible(status('checking'))).toBe(false);
    expect(bannerVisible(status('upToDate'))).toBe(false);
    expect(bannerVisible(status('checking', true))).toBe(true);
    expect(bannerVisible(status('upToDate', true))).toBe(true);
    expect(bannerVisible(status('idle', true))).toBe(false);
    expect(bannerVisible(status('disabled'))).toBe(false);
  });
});
