/** Main-process diagnostics go to the console (and so to the terminal or the OS log), never to the page. */
export type Log = (message: string) => void;

export const consoleLog: Log = (message) => {
  console.warn(`[crm] ${message}`);
};
