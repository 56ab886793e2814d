import type { OptionItem } from '../../../../../shared/contract';

/** One entry of the quick status menu, from option list 16. */
export type StatusChoice = {
  value: string;
  label: string;
  background: string;
  color: string;
  current: boolean;
};

/** The label's look when the status has no colours of its own (or an unknown value arrives). */
export const NEUTRAL_STATUS = { background: '#e5e8eb', color: '#1c2127' } as const;

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * Black or white text for a background, by WCAG relative luminance: an admin who sets only a background
 * must not get unreadable labels. Non-hex colours (names, rgb()) cannot be measured: dark text then.
 */
export function readableTextColor(background: string): string {
  const match = HEX.exec(background.trim());
  if (!match?.[1]) return NEUTRAL_STATUS.color;
  const hex = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1];
  const channel = (offset: number): number => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // Contrast against white vs against black; pick the larger.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#1c2127';
}

export type StatusLook = { label: string; background: string; color: string; known: boolean };

/** How a status value shows: the option's label and colours, or the raw value on a neutral label. */
export function statusLook(option: OptionItem | undefined, raw: string): StatusLook {
  if (!option) return { label: raw, ...NEUTRAL_STATUS, known: false };
  const background = option.background?.trim() || NEUTRAL_STATUS.background;
  const color = option.color?.trim() || readableTextColor(background);
  return { label: option.label, background, color, known: true };
}

/** Option list 16 as menu entries, the current status marked. */
export function toStatusChoices(items: readonly OptionItem[], current: string): StatusChoice[] {
  return items.map((item) => {
    const value = String(item.value);
    const look = statusLook(item, value);
    return {
      value,
      label: look.label,
      background: look.background,
      color: look.color,
      current: value === current,
    };
  });
}
