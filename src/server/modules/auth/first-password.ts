import type { RecordHook } from '../../engine/record-hooks';

/** The table of accounts. */
export const USERS_SOURCE = 'users';

/**
 * An account made through a generic insert (the users list's Ekle, POST /inline/save/) carries a password
 * someone else chose, as one made on the admin screen does: its owner sets their own before anything
 * else (docs/security.md#sessions-and-sockets). The column is no registered field, so no input reaches it.
 */
export const firstPasswordHook: RecordHook = {
  beforeWrite({ mode, values }) {
    if (mode === 'insert') values.set('must_change_password', 1);
    return Promise.resolve();
  },
};
