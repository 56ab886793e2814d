/** Reasons of Electron's `render-process-gone` after which the page is reloaded. */
const RELOAD_REASONS = new Set([
  'crashed',
  'oom',
  'abnormal-exit',
  'killed',
  'launch-failed',
  'integrity-failure',
  'memory-eviction',
]);

/** More crashes than this within the window and reloading stops: a page that crashes on load would loop. */
export const CRASH_LIMIT = 3;
export const CRASH_WINDOW_MS = 60_000;

export type CrashDecision = 'reload' | 'giveUp' | 'ignore';

export interface RendererRecovery {
  /** render-process-gone: what to do with the window. */
  onGone(reason: string): CrashDecision;
  /** Answers once, after a reload, that the page had crashed (the shell warns about unsaved input). */
  takeRecoveredNotice(): boolean;
}

export function createRendererRecovery(now: () => number): RendererRecovery {
  let crashes: number[] = [];
  let recovered = false;
  return {
    onGone(reason) {
      // clean-exit: the window is closing; nothing crashed.
      if (!RELOAD_REASONS.has(reason)) return 'ignore';
      const at = now();
      crashes = [...crashes.filter((time) => at - time < CRASH_WINDOW_MS), at];
      if (crashes.length > CRASH_LIMIT) return 'giveUp';
      recovered = true;
      return 'reload';
    },
    takeRecoveredNotice() {
      const answer = recovered;
      recovered = false;
      return answer;
    },
  };
}
