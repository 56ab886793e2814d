import { Card, Classes, Icon, NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '../../../../shared/i18n/messages';
import { usePermissions } from '../../api/permissions';
import { uiTexts } from '../../i18n/ui-texts';
import { mainMenuEntries, menuIcon, menuTarget } from '../../shell/menu-targets';
import { MonthCalendar } from './calendar/MonthCalendar';
import { LeadCharts } from './charts/LeadCharts';
import './dashboard.css';

/**
 * Home (/), docs/requirements.md#shell-lists-and-chat and docs/requirements.md#lead-workspace-and-work-screens: one tile per location-1 table (linking the way the menu does), the
 * month calendar of the user's reminders and the lead charts over a date range.
 */
export function DashboardPage(): ReactNode {
  // The shell has already loaded GET /permissions; this reads the same cache entry.
  const permissions = usePermissions();
  const tiles = permissions.data ? mainMenuEntries(permissions.data.tables) : [];

  return (
    <div className="page dashboard-page" data-testid="dashboard">
      <header className="page-header">
        <h1 className="page-title">{messages.home}</h1>
      </header>
      {tiles.length === 0 ? (
        <NonIdealState icon="th-disconnect" title={uiTexts.dashboardEmpty} />
      ) : (
        <div className="tile-grid">
          {tiles.map((entry) => (
            <Link
              key={entry.id}
              to={menuTarget(entry)}
              className={`dashboard-tile ${Classes.CARD} ${Classes.INTERACTIVE} ${Classes.ELEVATION_0}`}
              data-testid={`tile-${entry.table}`}
            >
              <span className="dashboard-tile-icon">
                <Icon icon={menuIcon(entry.icon)} size={20} />
              </span>
              <span className="dashboard-tile-name">{entry.name}</span>
            </Link>
          ))}
        </div>
      )}
      <div className="dashboard-grid">
        <Card className="dashboard-card dashboard-calendar-card">
          <MonthCalendar />
        </Card>
        <Card className="dashboard-card dashboard-charts-card">
          <LeadCharts />
        </Card>
      </div>
    </div>
  );
}
