import type { FetchLike } from '../../../src/shared/contract';
import type { KeytarLike, SafeStorageLike } from '../../../src/main/token-vault';

/** One request as the fake API saw it. */
export interface SeenRequest {
  url: string;
  path: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

export type FakeAnswer = { status: number; json: unknown } | 'network-error';

/** A fetch that answers from a handler and records every request, for tests that need no real socket. */
export function createFakeFetch(handler: (request: SeenRequest) => FakeAnswer): {
  fetch: FetchLike;
  requests: SeenRequest[];
} {
  const requests: SeenRequest[] = [];
  const fetch: FetchLike = async (url, init) => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const request: SeenRequest = {
      url,
      path: new URL(url).pathname,
      method: init.method ?? 'GET',
      headers,
      body: typeof init.body === 'string' ? init.body : '',
    };
    requests.push(request);
    const answer = handler(request);
    if (answer === 'network-error') throw new TypeError('fetch failed');
    return new Response(JSON.stringify(answer.json), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetch, requests };
}

/** keytar over a Map; `failing` makes every call throw as keytar does without a Secret Service. */
export function createFakeKeytar(failing = false): KeytarLike & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  const guard = (): void => {
    if (failing) throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
  };
  return {
    entries,
    async getPassword(service, account) {
      guard();
      return entries.get(`${service}/${account}`) ?? null;
    },
    async setPassword(service, account, password) {
      guard();
      entries.set(`${service}/${account}`, password);
    },
    async deletePassword(service, account) {
      guard();
      return entries.delete(`${service}/${account}`);
    },
  };
}

/** A reversible "encryption" that is visibly not plaintext, so tests can check nothing is stored in clear. */
export function createFakeSafeStorage(
  options: { available?: boolean; backend?: string } = {},
): SafeStorageLike {
  const available = options.available ?? true;
  const flip = (buffer: Buffer): Buffer => Buffer.from(buffer.map((byte) => byte ^ 0x5a));
  return {
    isAsyncEncryptionAvailable: async () => available,
    encryptStringAsync: async (plain) =>
      Buffer.concat([Buffer.from('enc:'), flip(Buffer.from(plain, 'utf8'))]),
    decryptStringAsync: async (encrypted) => {
      if (encrypted.subarray(0, 4).toString() !== 'enc:')
        throw new Error('Error while decrypting the ciphertext');
      return { result: flip(encrypted.subarray(4)).toString('utf8'), shouldReEncrypt: false };
    },
    ...(options.backend === undefined
      ? {}
      : { getSelectedStorageBackend: () => options.backend ?? 'unknown' }),
  };
}

/** Collects log lines instead of printing them. */
export function createLogSpy(): { log: (message: string) => void; lines: string[] } {
  const lines: string[] = [];
  return { log: (message) => lines.push(message), lines };
}
