/**
 * VS Code's `UpdateMode` policy, which IT sets for the desktop app: `none` never looks for updates;
 * `manual` only when the user asks; `start` once at start; `default` at start and then periodically.
 */
export const UPDATE_MODES = ['none', 'manual', 'start', 'default'] as const;
export type UpdateMode = (typeof UPDATE_MODES)[number];

export function isUpdateMode(value: unknown): value is UpdateMode {
  return typeof value === 'string' && (UPDATE_MODES as readonly string[]).includes(value);
}
