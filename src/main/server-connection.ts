import type { AppSettings, ServerCheck, ServerChoice, ServerMode } from '../shared/bridge';
import { messages } from '../shared/i18n/messages';
import type { EmbeddedServerLauncher } from './embedded-server';
import type { AddressCheck } from './server-check';
import type { ApiBaseSource } from './session-manager';
import type { Settings } from './settings';

export interface ServerConnectionOptions {
  settings: Settings;
  /** checkCrmAddress with its fetch bound. */
  checkAddress(url: string): Promise<AddressCheck>;
  /** null where the app cannot run its own server (e.g. the e2e harness). */
  embedded: EmbeddedServerLauncher | null;
  /** Called when the API base changes: a token of one server means nothing to another. */
  onServerChanged(): Promise<void>;
}

export interface ServerConnection extends ApiBaseSource {
  /** At app start: starts the embedded server when that is the saved choice. */
  resume(): Promise<void>;
  getSettings(): Promise<AppSettings>;
  setServer(choice: ServerChoice): Promise<ServerCheck>;
}

/** Which server the app talks to: the saved remote API base, or the embedded server's current address. */
export function createServerConnection(options: ServerConnectionOptions): ServerConnection {
  const { settings, checkAddress, embedded, onServerChanged } = options;

  const apiBase = async (): Promise<string | null> => {
    const saved = settings.get();
    if (saved.serverMode === 'remote') return saved.serverUrl;
    if (saved.serverMode !== 'embedded' || !embedded) return null;
    // While the embedded server is still starting, callers wait for it rather than fail.
    const running = embedded.running();
    if (!running) return embedded.apiBase();
    try {
      return await running;
    } catch {
      return null;
    }
  };

  const getSettings = async (): Promise<AppSettings> => {
    const saved = settings.get();
    return {
      serverMode: saved.serverMode,
      serverUrl: saved.serverMode === 'embedded' ? (embedded?.apiBase() ?? null) : saved.serverUrl,
      canEmbed: embedded !== null,
    };
  };

  const changeTo = async (mode: ServerMode, url: string | null): Promise<void> => {
    const before = settings.get();
    const changed = before.serverMode !== mode || (mode === 'remote' && before.serverUrl !== url);
    settings.setServer(mode, url);
    if (changed) await onServerChanged();
  };

  return {
    apiBase,
    getSettings,

    async resume() {
      if (settings.get().serverMode !== 'embedded' || !embedded) return;
      // A failed start is logged by the launcher; the first-run screen offers the choice again.
      await embedded.start().catch(() => undefined);
    },

    async setServer(choice) {
      if (choice.mode === 'remote') {
        const check = await checkAddress(choice.url ?? '');
        if (!check.ok) return check;
        await changeTo('remote', check.apiBase);
        embedded?.stop();
        return { ok: true, settings: await getSettings() };
      }
      if (!embedded) return { ok: false, message: messages.crmNotFound };
      try {
        await embedded.start();
      } catch {
        return { ok: false, message: messages.crmAccessProblem };
      }
      await changeTo('embedded', null);
      return { ok: true, settings: await getSettings() };
    },
  };
}
