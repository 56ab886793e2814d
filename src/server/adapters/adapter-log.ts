/**
 * The part of the server's logger (pino, app.log) the outside-world adapters write to. Each problem is
 * one line at warn with its technical details as fields; users only ever see the Turkish text.
 */
export interface AdapterLog {
  warn(details: Record<string, unknown>, message: string): void;
  info(details: Record<string, unknown>, message: string): void;
}

/** For scripts and tests that build an adapter without a server. */
export const silentAdapterLog: AdapterLog = {
  warn: () => undefined,
  info: () => undefined,
};
