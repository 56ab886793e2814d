import { Button, Navbar, NavbarDivider, NonIdealState } from '@blueprintjs/core';
import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { Me } from '../../../shared/contract';
import { format, messages } from '../../../shared/i18n/messages';
import { usePermissions } from '../api/permissions';
import { FullPageStatus } from '../app/FullPageStatus';
import { useSession } from '../app/session-context';
import { uiTexts } from '../i18n/ui-texts';
import { SideMenu } from './SideMenu';

/** Spec 1 §2: the team's name when team_id is above 1 (team 1 is the house), otherwise the app's. */
export function shellTitle(me: Pick<Me, 'team_id' | 'team'>): string {
  return me.team_id !== null && me.team_id > 1 && me.team ? me.team : uiTexts.appName;
}

export function AppShell(): ReactNode {
  const permissions = usePermissions();
  const { session } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const title = permissions.data ? shellTitle(permissions.data.me) : uiTexts.appName;

  useEffect(() => {
    document.title = title;
  }, [title]);

  if (permissions.isPending) return <FullPageStatus text={messages.loading} testId="shell-loading" />;
  if (permissions.isError) {
    const { kind, message } = permissions.error;
    // The address answers, but not as this API: spec 1 §2's "no CRM registered" page.
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

  return (
    <div className="app-shell">
      <Navbar className="app-navbar">
        <Navbar.Group align="start">
          <Navbar.Heading className="app-title" data-testid="app-title">
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
        </Navbar.Group>
        <Navbar.Group align="end">
          <span className="app-welcome" data-testid="welcome">
            {format(messages.welcome, { name: userName })}
          </span>
          <NavbarDivider />
          <Link to="/logout" className="app-logout" data-testid="logout-link">
            {messages.logout}
          </Link>
        </Navbar.Group>
      </Navbar>
      <div className="app-body">
        <aside className="app-sidebar">
          <SideMenu tables={tables} />
        </aside>
        <main className="app-main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
