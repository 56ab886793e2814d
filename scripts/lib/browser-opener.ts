import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { hasDisplay } from './display';

export interface OpenCommand {
  command: string;
  args: string[];
}

/** Whether `command` is an executable file in one of PATH's folders (with PATHEXT's endings on Windows). */
export function isOnPath(command: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): boolean {
  const folders = (env.PATH ?? env.Path ?? '').split(delimiter).filter(Boolean);
  const endings = platform === 'win32' ? ['', ...(env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';')] : [''];
  return folders.some((folder) => endings.some((ending) => existsSync(join(folder, command + ending))));
}

/**
 * The command that opens `url` in the default browser here, or null when there is none: no opener
 * installed, no display on Linux (xdg-open would start a text browser in the terminal), or BROWSER=none.
 */
export function browserOpenCommand(
  url: string,
  platform: NodeJS.Platform,
  env: NodeJS.ProcessEnv,
  onPath: (command: string) => boolean,
): OpenCommand | null {
  if (env.BROWSER?.trim().toLowerCase() === 'none') return null;
  if (platform === 'darwin') return onPath('open') ? { command: 'open', args: [url] } : null;
  // rundll32 takes the URL as one plain argument; `cmd /c start` would need its own quoting rules.
  if (platform === 'win32') {
    return onPath('rundll32') ? { command: 'rundll32', args: ['url.dll,FileProtocolHandler', url] } : null;
  }
  return hasDisplay(platform, env) && onPath('xdg-open') ? { command: 'xdg-open', args: [url] } : null;
}

/** Starts the opener detached and forgets it: a browser that cannot be opened never stops the server. */
export function runOpenCommand(open: OpenCommand): void {
  try {
    const child = spawn(open.command, open.args, { detached: true, stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // the URL is printed anyway
  }
}
