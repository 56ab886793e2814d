/** The part of the Web Storage API the session store needs, so tests can pass a plain map. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface BrowserStorages {
  /** localStorage: survives a browser restart (remember-me). */
  persistent: KeyValueStorage;
  /** sessionStorage: gone when the tab closes (not remembered). */
  session: KeyValueStorage;
}

/** Key names of docs/requirements.md#records-notes-and-settings (browser storage); the validation time is ours, for the once-an-hour rule. */
export const SESSION_KEYS = {
  token: 'authToken',
  userName: 'userName',
  userId: 'userId',
  validatedAt: 'authValidatedAt',
} as const;

export interface StoredSession {
  token: string | null;
  userName: string | null;
  userId: number | null;
  validatedAt: number | null;
}

export interface SessionStore {
  read(): StoredSession;
  /** Starts a new session in the storage that matches the remember-me choice, dropping any old one. */
  start(token: string, remember: boolean): void;
  update(fields: { userName?: string; userId?: number; validatedAt?: number }): void;
  clear(): void;
}

function toNumber(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

export function createSessionStore(storages: BrowserStorages): SessionStore {
  // sessionStorage first: a fresh login without remember-me must win over an older remembered token.
  const ordered = [storages.session, storages.persistent];

  const active = (): KeyValueStorage | null => ordered.find((s) => s.getItem(SESSION_KEYS.token)) ?? null;

  const clear = (): void => {
    for (const storage of ordered) {
      for (const key of Object.values(SESSION_KEYS)) storage.removeItem(key);
    }
  };

  return {
    read() {
      const storage = active();
      if (!storage) return { token: null, userName: null, userId: null, validatedAt: null };
      return {
        token: storage.getItem(SESSION_KEYS.token),
        userName: storage.getItem(SESSION_KEYS.userName),
        userId: toNumber(storage.getItem(SESSION_KEYS.userId)),
        validatedAt: toNumber(storage.getItem(SESSION_KEYS.validatedAt)),
      };
    },
    start(token, remember) {
      clear();
      (remember ? storages.persistent : storages.session).setItem(SESSION_KEYS.token, token);
    },
    update(fields) {
      const storage = active();
      if (!storage) return;
      if (fields.userName !== undefined) storage.setItem(SESSION_KEYS.userName, fields.userName);
      if (fields.userId !== undefined) storage.setItem(SESSION_KEYS.userId, String(fields.userId));
      if (fields.validatedAt !== undefined)
        storage.setItem(SESSION_KEYS.validatedAt, String(fields.validatedAt));
    },
    clear,
  };
}
