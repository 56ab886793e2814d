import { Button, Classes, Navbar, NavbarDivider, NonIdealState } from '@blueprintjs/core';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { Me, MenuTable } from '../../../shared/contract';
import { mayEnterAdminPanel } from '../../../shared/domain/constants';
import { format, messages } from '../../../shared/i18n/messages';
import { usePermissions } from '../api/permissions';
import { FullPageStatus } from '../ui/FullPageStatus';
import { useSession } from '../api/session-context';
import { uiTexts } from '../i18n/ui-texts';
import { ConnectionBanner } from './connection/ConnectionBanner';
import { ChatBadgeContext } from './chat-notices/chat-badge-context';
import { CHAT_MENU_TABLE } from './chat-notices/chat-badge';
import { useChatNotices } from './chat-notices/use-chat-notices';
import { FavoriteToggle } from './favorites/FavoriteToggle';
import { NotificationBell } from './notifications/NotificationBell';
import { NotificationDrawer } from './notifications/NotificationDrawer';
import { FavoritesPanel } from './panels/FavoritesPanel';
import { RemindersPanel } from './panels/RemindersPanel';
import { PreferencesProvider, usePreferences } from './preferences/preferences-context';
import { ProfileMenu } from './ProfileMenu';
import { useRealtimeEvents } from './realtime/use-realtime-events';
import { SearchBox, type SearchBoxHandle } from './search/SearchBox';
import { MobileNavBar } from './MobileNavBar';
import { SideMenu } from './SideMenu';
import { favoriteUrl, routeTitle } from './top-bar/route-title';
import { TopBarSlotContext, type TopBarSlotValue } from './top-bar/top-bar-slot';
import { UpdateBanner, useStartupNotices } from './desktop';
import { useNarrowWindow } from './use-narrow-window';
import { useShellShortcuts } from './use-shell-shortcuts';
import './shell.css';

/** docs/requirements.md#shell-lists-and-chat: the team's name when team_id is above 1 (team 1 is the house), otherwise the app's. */
export function shellTitle(me: Pick<Me, 'team_id' | 'team'>): string {
  return me.team_id !== null && me.team_id > 1 && me.team ? me.team : uiTexts.appName;
}

/**
 * Dark mode on <body> rather than on the shell's div: drawers, popovers and toasts are portalled to the
 * body and must turn dark too. Removed again when the shell unmounts (the login page has its own look).
 */
function useDarkBody(dark: boolean): void {
  useLayoutEffect(() => {
    document.body.classList.toggle(Classes.DARK, dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    return () => {
      document.body.classList.remove(Classes.DARK);
      document.documentElement.style.colorScheme = '';
    };
  }, [dark]);
}

type ShellFrameProps = { me: Me; tables: readonly MenuTable[]; title: string; userName: string };

function ShellFrame({ me, tables, title, userName }: ShellFrameProps): ReactNode {
  const { preferences } = usePreferences();
  const navigate = useNavigate();
  const location = useLocation();
  const searchRef = useRef<SearchBoxHandle>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [slotElement, setSlotElement] = useState<HTMLElement | null>(null);
  const [pageTitle, setPageTitle] = useState<string | null>(null);
  const layout = preferences.layout;
  // docs/requirements.md#shell-lists-and-chat "Mobile": a phone-sized window gets the main menu as a bottom bar instead of the side menu.
  const narrow = useNarrowWindow();

  // Another page was opened (a Detay link, a native notification, the back button): the drawer goes.
  const [drawerPath, setDrawerPath] = useState(location.pathname);
  if (drawerPath !== location.pathname) {
    setDrawerPath(location.pathname);
    setDrawerOpen(false);
  }

  useDarkBody(preferences.dark);

  const focusSearch = useCallback(() => searchRef.current?.focus(), []);
  const openNotifications = useCallback(() => setDrawerOpen(true), []);
  useShellShortcuts({
    focusSearch,
    openNotifications,
    navigate: (path) => void navigate(path),
    goBack: () => void navigate(-1),
  });
  useRealtimeEvents({ mutedKeywords: preferences.mutedKeywords, focusSearch });
  const administers = mayEnterAdminPanel(me.department);
  const hasChat = tables.some((entry) => entry.table === CHAT_MENU_TABLE && entry.show === 1);
  const chatBadge = useChatNotices(me.id ?? null, hasChat);
  useStartupNotices();

  const slot = useMemo<TopBarSlotValue>(() => ({ element: slotElement, setPageTitle }), [slotElement]);
  const url = favoriteUrl(location.pathname, location.search);
  const favoriteTitle = pageTitle ?? routeTitle(location.pathname, tables);

  return (
    <TopBarSlotContext value={slot}>
      <ChatBadgeContext value={chatBadge}>
        <div
          className={`app-shell layout-${layout}${narrow ? ' is-narrow' : ''}`}
          data-testid="app-shell"
          data-layout={layout}
        >
          <Navbar className="app-navbar">
            <div className="app-navbar-start">
              <Navbar.Heading className="app-title" data-testid="app-title" title={title}>
                {title}
              </Navbar.Heading>
              <NavbarDivider />
              <Button
                variant="minimal"
                icon="home"
                title={messages.home}
                aria-label={messages.home}
                onClick={() => void navigate('/')}
                data-testid="nav-home"
              />
              <Button
                variant="minimal"
                icon="arrow-left"
                title={messages.back}
                aria-label={messages.back}
                onClick={() => void navigate(-1)}
                data-testid="nav-back"
              />
              <FavoriteToggle url={url} title={favoriteTitle} />
              {/* Page buttons (next lead on lead pages) are portalled here: see TopBarActions. */}
              <div className="top-bar-slot" ref={setSlotElement} data-testid="top-bar-slot" />
            </div>
            <div className="app-navbar-search">
              <SearchBox ref={searchRef} />
            </div>
            <div className="app-navbar-end">
              <span className="app-welcome" data-testid="welcome">
                {format(messages.welcome, { name: userName })}
              </span>
              <NotificationBell onClick={openNotifications} />
              <ProfileMenu userName={me.name || userName} />
              <NavbarDivider />
              <Link to="/logout" className="app-logout" data-testid="logout-link">
                {messages.logout}
              </Link>
            </div>
          </Navbar>
          <ConnectionBanner />
          <UpdateBanner />
          {layout === 'head_navbar' && !narrow ? (
            <div className="app-topmenu" data-testid="top-menu">
              <SideMenu tables={tables} administers={administers} orientation="horizontal" />
            </div>
          ) : null}
          <div className="app-body">
            {narrow ? null : (
              <aside className="app-sidebar" data-testid="app-sidebar">
                {layout === 'sidebar' ? <SideMenu tables={tables} administers={administers} /> : null}
                <div className="side-panels">
                  <FavoritesPanel />
                  <RemindersPanel />
                </div>
              </aside>
            )}
            <main className="app-main">
              <Outlet />
            </main>
          </div>
          {narrow ? <MobileNavBar tables={tables} /> : null}
          <NotificationDrawer isOpen={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </div>
      </ChatBadgeContext>
    </TopBarSlotContext>
  );
}

export interface AppShellProps {
  /** Shown instead of the shell while an admin-set password is in use (the profile feature's screen). */
  passwordChange: ComponentType<{ email: string; name: string }>;
}

export function AppShell({ passwordChange: PasswordChange }: AppShellProps): ReactNode {
  const permissions = usePermissions();
  const { session } = useSession();
  const location = useLocation();
  const title = permissions.data ? shellTitle(permissions.data.me) : uiTexts.appName;

  useEffect(() => {
    document.title = title;
  }, [title]);

  if (permissions.isPending) return <FullPageStatus text={messages.loading} testId="shell-loading" />;
  if (permissions.isError) {
    const { kind, message } = permissions.error;
    // The address answers, but not as this API: docs/requirements.md#shell-lists-and-chat's "no CRM registered" page.
    if (kind === 'protocol') return <Navigate to="/notfound" replace />;
    if (kind === 'unauthorized') return <Navigate to="/login" replace state={{ from: location }} />;
    return (
      <div className="full-page-status" data-testid="shell-error">
        <NonIdealState
          icon={kind === 'network' ? 'offline' : 'error'}
          title={kind === 'network' ? messages.crmAccessProblem : uiTexts.menuLoadFailed}
          description={message}
          action={
            <Button intent="primary" text={messages.retry} onClick={() => void permissions.refetch()} />
          }
        />
      </div>
    );
  }

  const { me, tables } = permissions.data;
  const userName = me.name || session.userName || '';
  // An admin-set password (see docs/admin-guide.md): nothing but the change until the user has their own.
  if (me.must_change_password === true) return <PasswordChange email={me.email} name={me.name} />;

  return (
    <PreferencesProvider userId={session.userId ?? me.id}>
      <ShellFrame me={me} tables={tables} title={title} userName={userName} />
    </PreferencesProvider>
  );
}
