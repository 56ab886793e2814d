import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LEFT_TAB,
  LEFT_TABS,
  LEFT_TAB_TITLES,
  activeTabFromHash,
  hashForTab,
  hashToSync,
  tabNameFromHash,
  visibleLeftTabs,
  visibleRightTabs,
} from '../../../src/renderer/src/features/lead-detail/tabs/lead-tabs';

const SALES = ['kisisel-bilgiler', 'gorevler', 'eslesen-kayitlar', 'gecmis', 'dosyalar', 'notlar'];
const ALL = [
  'kisisel-bilgiler',
  'gorevler',
  'platformlar',
  'para-islemleri',
  'eslesen-kayitlar',
  'gecmis',
  'dosyalar',
  'anketler',
  '3-sahis-bilgileri',
  'notlar',
  'emailler',
];

describe('lead detail tabs by modules (see docs/requirements.md#lead-workspace-and-work-screens)', () => {
  it('shows personal info always, even with no modules at all', () => {
    expect(visibleLeftTabs([])).toEqual(['kisisel-bilgiler']);
    // The history module brings the timeline too, as the first tab (docs/user-guide.md#zaman-akisi).
    expect(visibleLeftTabs(['gecmis'])).toEqual(['zaman-akisi', 'kisisel-bilgiler', 'gecmis']);
  });

  it('shows a tab only when its module is granted, in the spec order whatever the module order', () => {
    expect(visibleLeftTabs(SALES)).toEqual([
      'zaman-akisi',
      'kisisel-bilgiler',
      'gorevler',
      'eslesen-kayitlar',
      'gecmis',
      'dosyalar',
    ]);
    expect(visibleLeftTabs(['3-sahis-bilgileri', 'anketler', 'gorevler'])).toEqual([
      'kisisel-bilgiler',
      'gorevler',
      'anketler',
      '3-sahis-bilgileri',
    ]);
  });

  it('shows Platformlar, then Para Yatırma/Çekme, after Görevler (the order of docs/requirements.md#lead-workspace-and-work-screens), by modules', () => {
    expect(visibleLeftTabs(ALL)).toEqual([...LEFT_TABS]);
    expect(visibleLeftTabs(ALL).slice(0, 5)).toEqual([
      'zaman-akisi',
      'kisisel-bilgiler',
      'gorevler',
      'platformlar',
      'para-islemleri',
    ]);
    expect(visibleLeftTabs(['platformlar'])).toEqual(['kisisel-bilgiler', 'platformlar']);
    expect(visibleLeftTabs(['para-islemleri'])).toEqual(['kisisel-bilgiler', 'para-islemleri']);
  });

  it('ignores unknown module names', () => {
    expect(visibleLeftTabs(['yok-boyle-modul', 'GECMIS'])).toEqual(['kisisel-bilgiler']);
  });

  it('titles every tab in Turkish', () => {
    expect(LEFT_TAB_TITLES['3-sahis-bilgileri']).toBe('3. Şahıs Bilgileri');
    expect(LEFT_TAB_TITLES['eslesen-kayitlar']).toBe('Eşleşen Kayıtlar');
    expect(LEFT_TAB_TITLES['zaman-akisi']).toBe('Zaman Akışı');
  });

  it('gives the right column notes with notlar and e-mail with emailler', () => {
    expect(visibleRightTabs(SALES)).toEqual(['notlar', 'hatirlatmalar']);
    expect(visibleRightTabs(ALL)).toEqual(['notlar', 'emailler', 'hatirlatmalar']);
    expect(visibleRightTabs(['kisisel-bilgiler'])).toEqual([]);
  });
});

describe('tab hash (see docs/requirements.md#lead-workspace-and-work-screens: the hash selects the tab and follows it)', () => {
  const visible = visibleLeftTabs(SALES);

  it('reads the tab name from the router hash', () => {
    expect(tabNameFromHash('#gorevler')).toBe('gorevler');
    expect(tabNameFromHash('gecmis')).toBe('gecmis');
    expect(tabNameFromHash('#3-sahis-bilgileri')).toBe('3-sahis-bilgileri');
    expect(tabNameFromHash('#dosyalar?x=1')).toBe('dosyalar');
    expect(tabNameFromHash('#%67orevler')).toBe('gorevler');
    expect(tabNameFromHash('#%E0%A4%A')).toBe('%E0%A4%A');
    expect(tabNameFromHash('')).toBe('');
  });

  it('selects the named tab when the user may see it', () => {
    expect(activeTabFromHash('#gorevler', visible)).toBe('gorevler');
    expect(activeTabFromHash('#dosyalar', visible)).toBe('dosyalar');
  });

  it('falls back to kisisel-bilgiler for no hash, a typo or a tab without the module', () => {
    expect(DEFAULT_LEFT_TAB).toBe('kisisel-bilgiler');
    expect(activeTabFromHash('', visible)).toBe('kisisel-bilgiler');
    expect(activeTabFromHash('#gorevlerr', visible)).toBe('kisisel-bilgiler');
    expect(activeTabFromHash('#anketler', visible)).toBe('kisisel-bilgiler');
    expect(activeTabFromHash('#platformlar', visibleLeftTabs(SALES))).toBe('kisisel-bilgiler');
    expect(activeTabFromHash('#platformlar', visibleLeftTabs(ALL))).toBe('platformlar');
  });

  it('writes the active tab into the hash, and leaves a hash that already names it alone', () => {
    expect(hashForTab('gecmis')).toBe('#gecmis');
    expect(hashToSync('#gecmis', 'gecmis')).toBeNull();
    expect(hashToSync('', 'kisisel-bilgiler')).toBe('#kisisel-bilgiler');
    expect(hashToSync('#anketler', 'kisisel-bilgiler')).toBe('#kisisel-bilgiler');
    expect(hashToSync('#gorevler', 'dosyalar')).toBe('#dosyalar');
  });

  it('round-trips every tab', () => {
    for (const tab of LEFT_TABS) {
      expect(activeTabFromHash(hashForTab(tab), LEFT_TABS)).toBe(tab);
      expect(hashToSync(hashForTab(tab), tab)).toBeNull();
    }
  });
});
