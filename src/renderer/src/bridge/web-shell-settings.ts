import type { CrmBridge, GlobalShortcutStatus } from '../../../shared/bridge';
import { cleanMutedKeywords } from '../../../shared/domain/muted-keywords';
import { desktopTexts } from '../../../shared/i18n/desktop-texts';
import type { KeyValueStorage } from './session-store';

/** docs/requirements.md#records-notes-and-settings browser storage key of the drawer's muted words. */
export const MUTED_KEYWORDS_KEY = 'mutedKeywords';

/** A page cannot register system-wide shortcuts; Ctrl+K inside the page is the renderer's own. */
const noGlobalShortcut: GlobalShortcutStatus = {
  accelerator: 'CommandOrControl+K',
  registered: false,
  available: false,
};

function readWords(storage: KeyValueStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(MUTED_KEYWORDS_KEY) ?? '[]');
    return Array.isArray(parsed) ? cleanMutedKeywords(parsed.filter((word) => typeof word === 'string')) : [];
  } catch {
    // Hand-edited or foreign value: read as no muted words.
    return [];
  }
}

type ShellSettings = Pick<
  CrmBridge['settings'],
  'getMutedKeywords' | 'setMutedKeywords' | 'getGlobalShortcut' | 'setGlobalShortcut'
>;

/** The web edition's part of `settings` that the desktop app keeps in its main process. */
export function createWebShellSettings(storage: KeyValueStorage): ShellSettings {
  return {
    async getMutedKeywords() {
      return readWords(storage);
    },
    async setMutedKeywords(words) {
      const cleaned = cleanMutedKeywords(words);
      storage.setItem(MUTED_KEYWORDS_KEY, JSON.stringify(cleaned));
      return cleaned;
    },
    async getGlobalShortcut() {
      return { ...noGlobalShortcut };
    },
    async setGlobalShortcut() {
      return { ok: false, message: desktopTexts.shortcutDesktopOnly, status: { ...noGlobalShortcut } };
    },
  };
}
