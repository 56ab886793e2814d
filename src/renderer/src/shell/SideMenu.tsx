import { Button, Classes, Icon } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { MenuTable } from '../../../shared/contract';
import { messages } from '../../../shared/i18n/messages';
import { crmKeys } from '../api/query-keys';
import { uiTexts } from '../i18n/ui-texts';
import { ChatBadge } from './chat-notices/ChatBadge';
import { CHAT_MENU_TABLE } from './chat-notices/chat-badge';
import { adminTexts } from '../i18n/admin-texts';
import {
  adminTarget,
  administrationEntries,
  mainMenuEntries,
  menuIcon,
  menuTarget,
  reportMenuEntries,
} from './menu-targets';

export type MenuEntryProps = { entry: MenuTable; active: boolean; target: string };

function MenuEntry({ entry, active, target }: MenuEntryProps): ReactNode {
  const queryClient = useQueryClient();
  return (
    <li className={`side-menu-entry${active ? ' is-active' : ''}`}>
      <Link
        to={target}
        className="side-menu-link"
        aria-current={active ? 'page' : undefined}
        data-testid={`menu-${entry.table}`}
      >
        <Icon icon={menuIcon(entry.icon)} size={14} />
        <span className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{entry.name}</span>
        {entry.table === CHAT_MENU_TABLE ? <ChatBadge /> : null}
      </Link>
      {active ? (
        <Button
          variant="minimal"
          size="small"
          icon="refresh"
          className="side-menu-refresh"
          title={uiTexts.refresh}
          aria-label={uiTexts.refresh}
          data-testid={`menu-refresh-${entry.table}`}
          onClick={() => void queryClient.invalidateQueries({ queryKey: crmKeys.tableData(entry.table) })}
        />
      ) : null}
    </li>
  );
}

export type MenuSectionProps = {
  title: string;
  entries: MenuTable[];
  pathname: string;
  testId: string;
  /** Where an entry leads; the main menu's rule unless given. */
  targetOf?: (entry: MenuTable) => string;
};

function MenuSection({
  title,
  entries,
  pathname,
  testId,
  targetOf = menuTarget,
}: MenuSectionProps): ReactNode {
  return (
    <section className="side-menu-section" data-testid={testId}>
      <h6 className="side-menu-heading">{title}</h6>
      <ul className="side-menu-list">
        {entries.map((entry) => {
          const target = targetOf(entry);
          // A screen's sub-addresses (/chat/ch/5 under /chat) keep its entry active.
          const active = pathname === target || pathname.startsWith(`${target}/`);
          return <MenuEntry key={`${entry.id}`} entry={entry} target={target} active={active} />;
        })}
      </ul>
    </section>
  );
}

export type SideMenuProps = {
  tables: readonly MenuTable[];
  /** Whether the user is in an admin department (the users and permissions screens of their own). */
  administers: boolean;
  /** 'horizontal' is the head_navbar layout: the same entries in one row under the title bar. */
  orientation?: 'vertical' | 'horizontal';
};

/** Menu from GET /permissions: location 1 under Menü, location 4 under Raporlar (see docs/requirements.md#shell-lists-and-chat). */
export function SideMenu({ tables, administers, orientation = 'vertical' }: SideMenuProps): ReactNode {
  const { pathname } = useLocation();
  const main = mainMenuEntries(tables);
  const reports = reportMenuEntries(tables);
  const administration = administrationEntries(tables);
  return (
    <nav className={`side-menu side-menu-${orientation}`} aria-label={messages.menu}>
      <MenuSection title={messages.menu} entries={main} pathname={pathname} testId="menu-main" />
      {main.length === 0 ? <p className="side-menu-empty">{uiTexts.menuEmpty}</p> : null}
      {reports.length > 0 ? (
        <MenuSection title={messages.reports} entries={reports} pathname={pathname} testId="menu-reports" />
      ) : null}
      {/* docs/user-guide.md#administration-menu: the location-2/3 tables and screens the group may show. */}
      {administration.length > 0 ? (
        <MenuSection
          title={adminTexts.administration}
          entries={administration}
          pathname={pathname}
          testId="menu-administration"
          targetOf={(entry) => adminTarget(entry, administers)}
        />
      ) : null}
    </nav>
  );
}
