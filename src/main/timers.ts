/** A one-shot timer that answers its own cancel; tests pass a fake clock instead of real time. */
export type Schedule = (callback: () => void, delayMs: number) => () => void;

/**
 * setTimeout, unref'd: a pending back-off or refresh must not keep a Node process (the e2e harness, a
 * test runner) alive; Electron's main process lives on for its windows and tray anyway.
 */
export const realSchedule: Schedule = (callback, delayMs) => {
  const timer = setTimeout(callback, delayMs);
  timer.unref();
  return () => clearTimeout(timer);
};
