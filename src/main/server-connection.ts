import type { AppSettings, ServerCheck, ServerChoice, ServerMode } from '../shared/bridge';
import { desktopTexts } from '../shared/i18n/desktop-texts';
import { messages } from '../shared/i18n/messages';
import type { EmbeddedServerLauncher } from './embedded-server';
import {
  candidateApiBases,
  isSecureCrmAddress,
  normalizeCrmAddress,
  type AddressCheck,
} from './server-check';
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
  /** IT's policy (see docs/it-deployment.md): CrmAddress presets and locks the server; DisableEmbeddedServer forbids ours. */
  policy?: { crmAddress?: string; disableEmbeddedServer?: boolean; allowPlainHttp?: boolean };
}

export interface ServerConnection extends ApiBaseSource {
  /** At app start: starts the embedded server when that is the saved choice. */
  resume(): Promise<void>;
  getSettings(): Promise<AppSettings>;
  setServer(choice: ServerChoice): Promise<ServerCheck>;
}

/** Which server the app talks to: the saved remote API base, or the embedded server's current address. */
export function createServerConnection(options: ServerConnectionOptions): ServerConnection {
  const { settings, checkAddress, onServerChanged } = options;
  const embedded =
    options.policy?.disableEmbeddedServer || options.policy?.crmAddress ? null : options.embedded;
  const lockedBase = options.policy?.crmAddress ? normalizeCrmAddress(options.policy.crmAddress) : null;
  let policyApplied: Promise<void> = Promise.resolve();

  /**
   * The policy's address wins over whatever was saved. A saved API base that is this address (or its /api)
   * is kept without a round trip; otherwise the address is probed like a typed one, and when the server
   * does not answer yet its /api is assumed (our server's API lives there), so calls fail as "Crm erişim
   * sorunu" rather than going to an old server.
   */
  const applyPolicy = async (): Promise<void> => {
    if (lockedBase === null) return;
    const saved = settings.get();
    const candidates = candidateApiBases(lockedBase);
    if (saved.serverMode === 'remote' && saved.serverUrl !== null && candidates.includes(saved.serverUrl))
      return;
    const check = await checkAddress(lockedBase);
    const apiBase = check.ok ? check.apiBase : (candidates.at(-1) ?? lockedBase);
    await changeTo('remote', apiBase);
  };

  /** A saved plain-http address (from before the rule, or policy changed) is no address: asked again. */
  const secure = (url: string | null): boolean =>
    url !== null && isSecureCrmAddress(url, options.policy?.allowPlainHttp === true);

  const apiBase = async (): Promise<string | null> => {
    await policyApplied;
    const saved = settings.get();
    if (saved.serverMode === 'remote') return secure(saved.serverUrl) ? saved.serverUrl : null;
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
    await policyApplied;
    const saved = settings.get();
    // A saved embedded choice that policy now forbids reads as no choice: the first-run screen asks again.
    const mode =
      (saved.serverMode === 'embedded' && !embedded) ||
      (saved.serverMode === 'remote' && !secure(saved.serverUrl))
        ? null
        : saved.serverMode;
    return {
      serverMode: mode,
      serverUrl: mode === 'embedded' ? (embedded?.apiBase() ?? null) : mode === null ? null : saved.serverUrl,
      canEmbed: embedded !== null,
      ...(lockedBase !== null ? { serverLocked: true } : {}),
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
      policyApplied = applyPolicy().catch(() => undefined);
      await policyApplied;
      if (settings.get().serverMode !== 'embedded' || !embedded) return;
      // A failed start is logged by the launcher; the first-run screen offers the choice again.
      await embedded.start().catch(() => undefined);
    },

    async setServer(choice) {
      if (lockedBase !== null) return { ok: false, message: desktopTexts.serverLockedByPolicy };
      if (choice.mode === 'embedded' && options.policy?.disableEmbeddedServer) {
        return { ok: false, message: desktopTexts.embeddedDisabledByPolicy };
      }
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
      // The password made at the embedded database's first start is shown once, on this screen.
      const firstPassword = embedded.takeFirstPassword();
      return { ok: true, settings: await getSettings(), ...(firstPassword ? { firstPassword } : {}) };
    },
  };
}
