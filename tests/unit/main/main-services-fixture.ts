import {
  createMainServices,
  type MainServices,
  type MainServicesDeps,
} from '../../../src/main/create-main-services';
import type { IpcSender } from '../../../src/main/ipc-router';
import { createMemoryStore } from '../../../src/main/key-value-store';
import { isRendererUrl } from '../../../src/main/security-policy';
import type { FetchLike } from '../../../src/shared/contract';
import { createLogSpy } from './fakes';

/** Where the packaged renderer lives: the only frame the IPC router trusts. */
export const TEST_RENDERER = 'file:///opt/crm/resources/app.asar/out/renderer/index.html';

/** An IPC message from the app's own top frame at `route` (e.g. '#/list/leads'). */
export function trustedSender(route: string): IpcSender {
  return { frameUrl: `${TEST_RENDERER}${route}`, isMainFrame: true };
}

/**
 * The main process's services against a remote CRM at `serverUrl` answered by `fetch`: no keychain, no
 * embedded server, logs kept quiet. `overrides` adds what a test needs (a save dialog, say).
 */
export function createRemoteMainServices(
  fetch: FetchLike,
  overrides: Partial<MainServicesDeps> = {},
  serverUrl = 'https://crm.test/api',
): MainServices {
  return createMainServices({
    store: createMemoryStore({ serverMode: 'remote', serverUrl }),
    keytar: null,
    safeStorage: null,
    fetch,
    emit: () => undefined,
    isTrustedFrameUrl: (url) => isRendererUrl(url, TEST_RENDERER),
    embedded: null,
    keychainService: 'crm-test',
    log: createLogSpy().log,
    ...overrides,
  });
}
