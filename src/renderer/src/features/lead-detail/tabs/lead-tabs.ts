import { messages } from '../../../../../shared/i18n/messages';
import { timelineMessages } from '../../../../../shared/i18n/timeline-messages';
import { transactionTexts } from '../../../i18n/transaction-texts';

/**
 * The left tabs of the lead detail in the spec's order and spelling (see docs/requirements.md#lead-workspace-and-work-screens), which are also the module
 * names of option list 130. para-islemleri belongs to the money issue and is not offered here until it
 * lands.
 */
export const LEFT_TABS = [
  // Ours: first of all, shown with the history module (docs/user-guide.md#zaman-akisi).
  'zaman-akisi',
  'kisisel-bilgiler',
  'gorevler',
  'platformlar',
  'para-islemleri',
  'eslesen-kayitlar',
  'gecmis',
  'dosyalar',
  'anketler',
  '3-sahis-bilgileri',
] as const;
export type LeftTab = (typeof LEFT_TABS)[number];

export const DEFAULT_LEFT_TAB: LeftTab = 'kisisel-bilgiler';

export const LEFT_TAB_TITLES: Readonly<Record<LeftTab, string>> = {
  'zaman-akisi': timelineMessages.tabTitle,
  'kisisel-bilgiler': messages.tabPersonalInfo,
  gorevler: messages.tabTasks,
  platformlar: messages.tabPlatforms,
  'para-islemleri': transactionTexts.tabTitle,
  'eslesen-kayitlar': messages.tabMatchingRecords,
  gecmis: messages.tabHistory,
  dosyalar: messages.tabFiles,
  anketler: messages.tabSurveys,
  '3-sahis-bilgileri': messages.tabThirdParties,
};

/** The right column (see docs/requirements.md#lead-workspace-and-work-screens): Notes, E-Mail and Reminders; the reminders are the notes module's. */
export const RIGHT_TABS = ['notlar', 'emailler', 'hatirlatmalar'] as const;
export type RightTab = (typeof RIGHT_TABS)[number];

export const RIGHT_TAB_TITLES: Readonly<Record<RightTab, string>> = {
  notlar: messages.tabNotes,
  emailler: messages.tabEmails,
  hatirlatmalar: messages.tabReminders,
};

/** The module that shows each right tab. */
const RIGHT_TAB_MODULES: Readonly<Record<RightTab, string>> = {
  notlar: 'notlar',
  emailler: 'emailler',
  hatirlatmalar: 'notlar',
};

/** Tabs shown by another tab's module: the timeline is the history module's first view. */
const LEFT_TAB_MODULES: Readonly<Partial<Record<LeftTab, string>>> = { 'zaman-akisi': 'gecmis' };

/** docs/requirements.md#lead-workspace-and-work-screens: a left tab shows only when the user's modules hold it; personal info always shows. */
export function visibleLeftTabs(modules: readonly string[]): LeftTab[] {
  const granted = new Set(modules);
  return LEFT_TABS.filter((tab) => tab === DEFAULT_LEFT_TAB || granted.has(LEFT_TAB_MODULES[tab] ?? tab));
}

/** Right column tabs follow the modules too (notlar for notes and reminders, emailler for e-mail). */
export function visibleRightTabs(modules: readonly string[]): RightTab[] {
  const granted = new Set(modules);
  return RIGHT_TABS.filter((tab) => granted.has(RIGHT_TAB_MODULES[tab]));
}

/** '#gorevler' → 'gorevler'; tolerant of a missing '#', percent-encoding and a trailing query. */
export function tabNameFromHash(hash: string): string {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  const name = raw.split(/[?&]/)[0] ?? '';
  try {
    return decodeURIComponent(name).trim();
  } catch {
    return name.trim();
  }
}

/**
 * The tab a URL hash selects: the named tab when the user may see it, else the default (an old link to a
 * tab the user lost, a typo, or no hash at all).
 */
export function activeTabFromHash(hash: string, visible: readonly LeftTab[]): LeftTab {
  const name = tabNameFromHash(hash);
  return (visible as readonly string[]).includes(name) ? (name as LeftTab) : DEFAULT_LEFT_TAB;
}

export function hashForTab(tab: LeftTab): string {
  return `#${tab}`;
}

/**
 * The hash the address should show for the active tab, or null when it already does. A missing or unusable
 * hash is corrected too (the caller replaces the entry, so no history step is added), so the address
 * always names the tab on screen and can be copied as is.
 */
export function hashToSync(currentHash: string, active: LeftTab): string | null {
  return tabNameFromHash(currentHash) === active ? null : hashForTab(active);
}
