import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export type TopBarSlotValue = {
  /** Where page-specific buttons (next lead on lead pages) are drawn; null until the bar has mounted. */
  element: HTMLElement | null;
  /** The page's own title for favourites, when it knows a better one than the route does. */
  setPageTitle: (title: string | null) => void;
};

export const TopBarSlotContext = createContext<TopBarSlotValue | null>(null);

export type TopBarActionsProps = { children: ReactNode };

/**
 * Puts a page's buttons into the shell's top bar, e.g. the lead detail's next-lead button:
 * `<TopBarActions><NextLeadButton leadId={id} /></TopBarActions>`. They leave the bar with the page.
 */
export function TopBarActions({ children }: TopBarActionsProps): ReactNode {
  const slot = useContext(TopBarSlotContext);
  if (!slot?.element) return null;
  return createPortal(children, slot.element);
}

/**
 * Names the current page for the favourite star ("Ahmet Yılmaz" rather than "#LEAD42"). Pages without it
 * get a title from their route.
 */
export function usePageTitle(title: string | null | undefined): void {
  const slot = useContext(TopBarSlotContext);
  const setPageTitle = slot?.setPageTitle;
  useEffect(() => {
    if (!setPageTitle) return undefined;
    setPageTitle(title?.trim() ? title.trim() : null);
    return () => setPageTitle(null);
  }, [setPageTitle, title]);
}
