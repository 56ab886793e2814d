/**
 * Electron accelerator syntax (https://www.electronjs.org/docs/latest/api/accelerator), reduced to an
 * allow-list that makes sense for a system-wide shortcut: modifiers plus exactly one key. A string the
 * OS layer would misread never reaches globalShortcut.register.
 */

const MODIFIERS = [
  'CommandOrControl',
  'CmdOrCtrl',
  'Command',
  'Cmd',
  'Control',
  'Ctrl',
  'Alt',
  'Option',
  'AltGr',
  'Shift',
  'Super',
  'Meta',
] as const;

const NAMED_KEYS = [
  'Plus',
  'Space',
  'Tab',
  'Backspace',
  'Delete',
  'Insert',
  'Return',
  'Enter',
  'Up',
  'Down',
  'Left',
  'Right',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Escape',
  'Esc',
  'PrintScreen',
  'num0',
  'num1',
  'num2',
  'num3',
  'num4',
  'num5',
  'num6',
  'num7',
  'num8',
  'num9',
  'numdec',
  'numadd',
  'numsub',
  'nummult',
  'numdiv',
] as const;

/** Single-character keys Electron accepts besides letters and digits ('+' is spelled 'Plus'). */
const PUNCTUATION = new Set(Array.from(')!@#$%^&*(:;=<,_->.?/~`{]}[|\\"\''));

const byFold = (names: readonly string[]): ReadonlyMap<string, string> =>
  new Map(names.map((name) => [name.toLowerCase(), name]));
const MODIFIER_BY_FOLD = byFold(MODIFIERS);
const NAMED_KEY_BY_FOLD = byFold([
  ...NAMED_KEYS,
  ...Array.from({ length: 24 }, (_unused, index) => `F${index + 1}`),
]);

/** Modifiers that do not type characters on their own; Shift alone would steal capital letters. */
const COMMAND_MODIFIERS = new Set([
  'CommandOrControl',
  'CmdOrCtrl',
  'Command',
  'Cmd',
  'Control',
  'Ctrl',
  'Alt',
  'Option',
  'AltGr',
  'Super',
  'Meta',
]);

export const ACCELERATOR_MAX_LENGTH = 64;

function canonicalKey(part: string): string | null {
  if (/^[a-z0-9]$/i.test(part)) return part.toUpperCase();
  if (part.length === 1 && PUNCTUATION.has(part)) return part;
  return NAMED_KEY_BY_FOLD.get(part.toLowerCase()) ?? null;
}

/**
 * The accelerator in Electron's canonical spelling, or null when it is not allowed: unknown parts, no
 * key or more than one, a repeated modifier, or no command modifier (a bare 'K' would swallow every K
 * typed in any application). Function keys F1-F24 may stand alone.
 */
export function parseAccelerator(text: string): string | null {
  if (text.length === 0 || text.length > ACCELERATOR_MAX_LENGTH) return null;
  const parts = text.split('+').map((part) => part.trim());
  const modifiers: string[] = [];
  let key: string | null = null;
  for (const part of parts) {
    const modifier = MODIFIER_BY_FOLD.get(part.toLowerCase());
    if (modifier !== undefined) {
      if (key !== null || modifiers.includes(modifier)) return null;
      modifiers.push(modifier);
      continue;
    }
    if (key !== null) return null;
    key = canonicalKey(part);
    if (key === null) return null;
  }
  if (key === null) return null;
  const isFunctionKey = /^F\d{1,2}$/.test(key);
  if (!isFunctionKey && !modifiers.some((modifier) => COMMAND_MODIFIERS.has(modifier))) return null;
  return [...modifiers, key].join('+');
}
