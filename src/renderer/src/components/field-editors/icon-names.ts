import { IconNames, type IconName } from '@blueprintjs/icons';

/** Every Blueprint icon name, sorted: what an icon field may hold. */
export const ICON_NAMES: readonly IconName[] = [...new Set(Object.values(IconNames))].sort();

const KNOWN: ReadonlySet<string> = new Set(ICON_NAMES);

export function isIconName(text: string): text is IconName {
  return KNOWN.has(text);
}

const fold = (text: string): string =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');

/** Icon names containing the query ('arrow up' finds 'arrow-up'), those starting with it first. */
export function searchIcons(query: string, limit = 80): IconName[] {
  const wanted = fold(query);
  if (wanted === '') return ICON_NAMES.slice(0, limit);
  const starts = ICON_NAMES.filter((name) => name.startsWith(wanted));
  const contains = ICON_NAMES.filter((name) => !name.startsWith(wanted) && name.includes(wanted));
  return [...starts, ...contains].slice(0, limit);
}
