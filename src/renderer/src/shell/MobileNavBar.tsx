import { Classes, Icon } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { MenuTable } from '../../../shared/contract';
import { shellTexts } from '../i18n/shell-texts';
import { ChatBadge } from './chat-notices/ChatBadge';
import { CHAT_MENU_TABLE } from './chat-notices/chat-badge';
import { mainMenuEntries, menuIcon, menuTarget } from './menu-targets';

export type MobileNavBarProps = { tables: readonly MenuTable[] };

/** docs/requirements.md#shell-lists-and-chat: on a phone-sized window, a bottom bar with the main menu's (location 1) entries. */
export function MobileNavBar({ tables }: MobileNavBarProps): ReactNode {
  const { pathname } = useLocation();
  const entries = mainMenuEntries(tables);
  if (entries.length === 0) return null;
  return (
    <nav className="mobile-nav" aria-label={shellTexts.mobileMenu} data-testid="mobile-nav">
      {entries.map((entry) => {
        const target = menuTarget(entry);
        const active = pathname === target;
        return (
          <Link
            key={entry.id}
            to={target}
            className={`mobile-nav-link${active ? ' is-active' : ''}`}
            aria-current={active ? 'page' : undefined}
            data-testid={`mobile-nav-${entry.table}`}
          >
            <Icon icon={menuIcon(entry.icon)} size={18} />
            {entry.table === CHAT_MENU_TABLE ? <ChatBadge /> : null}
            <span className={`mobile-nav-name ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>{entry.name}</span>
          </Link>
        );
      })}
    </nav>
  );
}
